"""A hand's photo: an upload checked to be a picture, turned upright, its metadata (the phone's
location among it) left behind, scaled and kept as two JPEG files in the data folder, one of
them a thumbnail. Photos are not static or media files: a view that checks the table's link
sends them (games/views/hands.py)."""

import io
import logging
import math
import os
import secrets
import shutil
import threading
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.files.uploadhandler import TemporaryFileUploadHandler
from PIL import Image, ImageOps

from scoring.errors import InputError, gettext_noop

logger = logging.getLogger(__name__)

MAX_BYTES = 15 * 1024 * 1024  # a phone's camera photo is 3–8 MB
# The formats a phone's camera or screenshot writes, told from the file's header: Pillow reads
# many more (TIFF, EPS through Ghostscript, PSD…), each a parser nobody here needs to run.
FORMATS = ("JPEG", "PNG", "WEBP")
# Decoding a picture costs memory by its pixels, not its bytes: a small file claiming huge
# dimensions (a decompression bomb) is refused before it is decoded. A JPEG is decoded already
# scaled down to about what is kept (draft: an 8000×6000 photo as 2000×1500), so it may be as
# large as a phone's camera takes; any other picture is decoded whole, so it is held to what a
# phone's screen or an edited photo is.
MAX_JPEG_PIXELS = 64_000_000
MAX_PIXELS = 24_000_000
# One photo decoded at a time in each process: a picture at the limit takes 200 MB while it is.
DECODING = threading.Lock()
# The modes a picture of these formats decodes to; 16-bit grey is brought down to 8 bits.
MODES = {"1", "L", "LA", "P", "PA", "RGB", "RGBA", "CMYK", "I", "I;16", "I;16B", "I;16L"}
LONG_SIDE = 1600
THUMB_SIDE = 320
QUALITY = 85
SIZES = ("full", "thumb")


class BoundedUpload(TemporaryFileUploadHandler):
    """Django's temporary file for an upload too large for memory, holding at most MAX_BYTES: the
    rest of a larger file is read and dropped, its size still counted whole, so the view refuses
    it by its size, beside its field (settings.FILE_UPLOAD_HANDLERS)."""

    def receive_data_chunk(self, raw_data, start):
        if start + len(raw_data) > MAX_BYTES:
            return None
        return super().receive_data_chunk(raw_data, start)


@dataclass(frozen=True)
class Photo:
    """A photo ready to be kept: its two JPEG files' bytes."""

    full: bytes
    thumb: bytes


def read(upload):
    """The posted file as a Photo, or None when none was sent. InputError (field "photo") for a file
    too large, or one that is not a picture."""
    if upload is None or upload.size == 0:
        return None
    if upload.size > MAX_BYTES:
        raise InputError(gettext_noop("the photo is larger than 15 MB: send a smaller one"), field="photo")
    too_big = InputError(gettext_noop("the photo has too many pixels: send a smaller one"), field="photo")
    not_a_photo = InputError(
        gettext_noop("this file is not a photo: choose a JPEG, PNG or WebP picture"), field="photo"
    )
    try:
        with DECODING, Image.open(upload, formats=FORMATS) as image:
            limit = MAX_JPEG_PIXELS if image.format == "JPEG" else MAX_PIXELS
            if image.width * image.height > limit:
                raise too_big
            if image.mode not in MODES:
                raise not_a_photo
            # A JPEG's own shortcut, decoding at 1/2, 1/4 or 1/8 of each side while that still
            # covers what is kept; nothing for the other formats.
            shrink = min(1, LONG_SIDE / max(image.size))
            image.draft("RGB", (math.ceil(image.width * shrink), math.ceil(image.height * shrink)))
            image.load()
            upright = eight_bits(ImageOps.exif_transpose(image))
            return Photo(jpeg(upright, LONG_SIDE), jpeg(upright, THUMB_SIDE))
    except Image.DecompressionBombError:
        raise too_big from None
    except InputError:
        raise
    except (OSError, ValueError, SyntaxError):
        # Pillow's words for "not a picture I can read", a truncated or a corrupt one.
        raise not_a_photo from None


def eight_bits(image):
    """A 16-bit grey picture (a PNG) as 8-bit grey; any other as it is."""
    if not image.mode.startswith("I"):
        return image
    return image.convert("I").point(lambda value: value / 256).convert("L")


def jpeg(image, side):
    """The picture at most `side` pixels on its long side, as a JPEG with no metadata: a new image
    from the pixels alone carries no EXIF (location, camera, time) and no other chunk."""
    image = image.copy()
    image.thumbnail((side, side), Image.Resampling.LANCZOS)
    if image.mode != "RGB":
        # Transparency (a PNG) is laid on white: a JPEG has none.
        rgba = image.convert("RGBA")
        image = Image.new("RGB", rgba.size, "white")
        image.paste(rgba, mask=rgba.getchannel("A"))
    bare = Image.new("RGB", image.size)
    bare.paste(image)
    out = io.BytesIO()
    bare.save(out, "JPEG", quality=QUALITY, optimize=True)
    return out.getvalue()


def root():
    return settings.DATA_DIR / "photos"


def folder(table_id):
    return root() / table_id


def path(table_id, name, size):
    return folder(table_id) / f"{name}.{size}.jpg"


def store(table_id: str, photo: Photo) -> str:
    """Write the photo's files; returns its name (random: a replaced photo is a new address, so a
    phone never shows one it cached before). InputError beside the photo's field when they cannot
    be written: what it was sent with is refused, and typed again without it."""
    make_room(table_id, photo)
    name = secrets.token_hex(8)
    try:
        # Readable by the server's own user only, whatever its umask and whatever the data folder's mode.
        root().mkdir(mode=0o700, parents=True, exist_ok=True)
        folder(table_id).mkdir(mode=0o700, exist_ok=True)
        for size in SIZES:
            write_private(path(table_id, name, size), getattr(photo, size))
    except OSError as error:
        remove(table_id, name)
        logger.error("A photo could not be stored in %s: %s.", folder(table_id), error.strerror or error)
        raise InputError(
            gettext_noop("the server could not store the photo (its disk may be full): save without it"),
            field="photo",
        ) from error
    _counted["bytes"] += len(photo.full) + len(photo.thumb)  # counted once written, not before
    return name


def write_private(file, data):
    with open(os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as out:
        out.write(data)


def make_room(table_id, photo):
    """InputError beside the photo's field when it would take its table's photos, or all of the
    server's, past the room the owner set aside for them (settings.PHOTOS_TABLE_MB, PHOTOS_TOTAL_MB)."""
    size = len(photo.full) + len(photo.thumb)
    if bytes_in(folder(table_id)) + size > settings.PHOTOS_TABLE_MB * 1024 * 1024:
        raise InputError(
            gettext_noop("this table's photos fill the %(megabytes)s MB they may take: save without this one"),
            params={"megabytes": settings.PHOTOS_TABLE_MB},
            field="photo",
        )
    if all_photos_bytes() + size > settings.PHOTOS_TOTAL_MB * 1024 * 1024:
        logger.error("The photos fill the %s MB set aside for them (PHOTOS_TOTAL_MB).", settings.PHOTOS_TOTAL_MB)
        raise InputError(
            gettext_noop("the server's photos fill the room set aside for them: save without this one"),
            field="photo",
        )


def bytes_in(directory):
    try:
        with os.scandir(directory) as files:
            return sum(file.stat().st_size for file in files if file.is_file())
    except FileNotFoundError:
        return 0


# Every photo's size, counted again at most once a minute in each process (a walk over every
# table's folder), and what this process stored meanwhile.
_counted = {"at": float("-inf"), "bytes": 0}
COUNT_EVERY_SECONDS = 60


def all_photos_bytes():
    if time.monotonic() - _counted["at"] > COUNT_EVERY_SECONDS:
        folders = [entry.path for entry in os.scandir(root()) if entry.is_dir()] if root().is_dir() else []
        _counted.update(at=time.monotonic(), bytes=sum(bytes_in(each) for each in folders))
    return _counted["bytes"]


def remove(table_id: str, name: str) -> None:
    for size in SIZES:
        path(table_id, name, size).unlink(missing_ok=True)


def remove_table(table_id):
    shutil.rmtree(folder(table_id), ignore_errors=True)
