"""Taking a backup of the whole server (manage.py backup): what it holds and the file's layout are
in backup_parts.py."""

import json
import os
import re
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from games.models import Hand, HandChange
from games.plumbing import photos
from games.services.backup_parts import (
    BATCH,
    FORMAT,
    HEADER,
    VERSION,
    Header,
    Part,
    PartEntry,
    batched,
    migration_state,
    parts,
)

FILE_NAME = re.compile(r"cardscore-\d{4}-\d\d-\d\dT\d{6}\.zip")


def default_folder() -> Path:
    return settings.DATA_DIR / "backups"


def default_path() -> Path:
    return default_folder() / f"cardscore-{timezone.localtime():%Y-%m-%dT%H%M%S}.zip"


@contextmanager
def snapshot() -> Iterator[None]:
    """Every read inside sees the database as it was at one moment, while phones keep saving.

    PostgreSQL: one REPEATABLE READ transaction (read only: it takes no lock a save waits for).
    SQLite: a plain deferred read transaction, not Django's atomic(): this project's atomic()
    begins IMMEDIATE and takes the write lock (cardscore/sqlite/), which would hold every save
    for the whole backup. In WAL mode a read transaction keeps the snapshot of its first read
    and never blocks a writer.
    Inside a transaction already open (a caller's, a test's), its reads are already one snapshot.
    """
    if connection.in_atomic_block:
        yield
    elif connection.vendor == "postgresql":
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield
    else:
        with connection.cursor() as cursor:
            cursor.execute("BEGIN DEFERRED")
            cursor.execute("SELECT count(*) FROM django_migrations")  # the snapshot starts at the first read
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("ROLLBACK")  # nothing was written


def take(path: str | Path | None = None) -> Path:
    """Write a backup to `path` (default: a dated file in DATA_DIR/backups); returns its path. The
    file appears under its name only once complete, readable by this user only."""
    path = Path(path) if path else default_path()
    if path.parent == default_folder():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor, partial = tempfile.mkstemp(dir=path.parent, prefix=".cardscore-", suffix=".partial")
    try:
        with os.fdopen(descriptor, "wb") as file:
            write_archive(file)
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return path


def write_archive(file: IO[bytes]) -> None:
    created = timezone.now().isoformat()
    # compresslevel 1: the rows shrink nearly as much as at the default level, in a third of the time.
    with zipfile.ZipFile(file, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive, snapshot():
        header: Header = {
            "format": FORMAT,
            "version": VERSION,
            "created": created,
            "database": connection.vendor,
            "migrations": migration_state(),
            "parts": [write_part(archive, part) for part in parts()],
            "photos": write_photos(archive, photo_names()),
        }
        archive.writestr(HEADER, json.dumps(header, indent=1))


def write_part(archive: zipfile.ZipFile, part: Part) -> PartEntry:
    entry = f"rows/{part.name}.jsonl"
    count = 0
    with archive.open(entry, "w") as out:
        for batch in batched(part.rows(), BATCH):
            out.write("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in batch).encode())
            count += len(batch)
    return {"name": part.name, "columns": part.columns, "rows": count, "entry": entry}


def photo_names() -> list[tuple[str, str]]:
    """(table id, photo name) of every photo a hand shows, or a deleted hand keeps for its redo."""
    names: set[tuple[str, str]] = set()
    for model in (Hand, HandChange):
        names.update(model.objects.exclude(photo="").values_list("table_id", "photo").iterator(chunk_size=BATCH))
    return sorted(names)


def write_photos(archive: zipfile.ZipFile, names: list[tuple[str, str]]) -> int:
    """Copy each photo's files into the archive as they are (a JPEG does not compress); a file lost
    from the disk stays lost: its hand shows the photo as missing, as on the server."""
    count = 0
    for table_id, name in names:
        for size in photos.SIZES:
            # games/plumbing/photos.py (outside services/, not typed strictly yet) gives the file's path untyped.
            source: Path = photos.path(table_id, name, size)  # type: ignore[no-untyped-call]
            if source.is_file():
                archive.write(source, f"photos/{table_id}/{source.name}", compress_type=zipfile.ZIP_STORED)
                count += 1
    return count


def remove_old(keep: int) -> list[Path]:
    """Delete all but the newest `keep` backups of the default folder (their names hold the date)."""
    backups = sorted(path for path in default_folder().glob("cardscore-*.zip") if FILE_NAME.fullmatch(path.name))
    old = backups[:-keep]
    for path in old:
        path.unlink()
    return old
