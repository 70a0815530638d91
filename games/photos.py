"""A hand's photo: an upload checked to be a picture, turned upright, its metadata (the phone's
location among it) left behind, scaled and kept as two JPEG files in the data folder, one of
them a thumbnail. Photos are not static or media files: a view that checks the table's link
sends them (games/views/hands.py)."""

import io
import logging
import secrets
import shutil
from dataclasses import dataclass

from django.conf import settings
from django.core.files.uploadhandler import TemporaryFileUploadHandler
from PIL import Image, ImageOps

from scoring.errors import InputError, gettext_noop

logger = logging.getLogger(__name__)

MAX_BYTES = 15 * 1024 * 1024  # a phone's camera photo is 3–8 MB
# Decoding a picture costs memory by its pixels, not its bytes: a small file claiming huge
# dimensions (a decompression bomb) is refused before it is decoded. 50 megapixels is more than
# a phone's camera takes.
MAX_PIXELS = 50_000_000
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
        with Image.open(upload) as image:
            if image.width * image.height > MAX_PIXELS:
                raise too_big
            image.load()
            upright = ImageOps.exif_transpose(image)
    except Image.DecompressionBombError:
        raise too_big from None
    except InputError:
        raise
    except (OSError, ValueError, SyntaxError):
        # Pillow's words for "not a picture I can read", a truncated or a corrupt one.
        raise not_a_photo from None
    return Photo(jpeg(upright, LONG_SIDE), jpeg(upright, THUMB_SIDE))


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


def folder(table_id):
    return settings.DATA_DIR / "photos" / table_id


def path(table_id, name, size):
    return folder(table_id) / f"{name}.{size}.jpg"


def store(table_id, photo):
    """Write the photo's files; returns its name (random: a replaced photo is a new address, so a
    phone never shows one it cached before). InputError beside the photo's field when they cannot
    be written: what it was sent with is refused, and typed again without it."""
    name = secrets.token_hex(8)
    try:
        folder(table_id).mkdir(parents=True, exist_ok=True)
        for size in SIZES:
            path(table_id, name, size).write_bytes(getattr(photo, size))
    except OSError as error:
        remove(table_id, name)
        logger.error("A photo could not be stored in %s: %s.", folder(table_id), error.strerror or error)
        raise InputError(
            gettext_noop("the server could not store the photo (its disk may be full): save without it"),
            field="photo",
        ) from error
    return name


def remove(table_id, name):
    for size in SIZES:
        path(table_id, name, size).unlink(missing_ok=True)


def remove_table(table_id):
    shutil.rmtree(folder(table_id), ignore_errors=True)
