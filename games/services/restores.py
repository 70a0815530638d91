"""Restoring a backup (manage.py restore) into an empty server, all of it or nothing: the file's
layout is in backup_parts.py."""

import json
import os
import re
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, cast

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import DatabaseError, connection, transaction

from games.models import Table
from games.plumbing import photos
from games.services.backup_parts import (
    FORMAT,
    HEADER,
    VERSION,
    BackupError,
    Part,
    PartEntry,
    Row,
    backed_up_models,
    migration_state,
    parts,
)

MAX_HEADER_BYTES = 1024 * 1024
PHOTO_ENTRY = re.compile(r"photos/([0-9A-Za-z_-]{1,32})/([0-9a-f]{1,16})\.(full|thumb)\.jpg")

# A JSON object read from the backup (its header, the header's migrations): its values are of no
# type a file can be trusted with, each checked where it is used (read_header, check_part, ...).
JSONObject = dict[str, Any]
# A photo entry of the backup, and the id of the table it belongs to.
PhotoEntry = tuple[zipfile.ZipInfo, str]


def restore(path: str | Path, replace: bool = False) -> tuple[dict[str, int], int]:
    """Put the backup at `path` into this server, which must hold no account and no table (or, to
    `replace` them, loses them): all of it or, on any error, nothing (BackupError). Returns
    {part name: rows} and the photo files count."""
    try:
        with zipfile.ZipFile(path) as archive:
            return restore_archive(archive, replace)
    except zipfile.BadZipFile as error:
        raise BackupError(f"{path} is not a CardScore backup, or it is damaged ({error})") from None
    except (zlib.error, EOFError, OSError) as error:
        raise BackupError(f"cannot read {path}: {error}") from None


def restore_archive(archive: zipfile.ZipFile, replace: bool) -> tuple[dict[str, int], int]:
    header = read_header(archive)
    server_parts = {part.name: part for part in parts()}
    chosen = [check_part(entry, server_parts, archive) for entry in header["parts"]]
    missing = set(server_parts) - {part.name for part, _entry in chosen}
    if missing:
        raise BackupError(f"this backup is damaged: it has no rows of {', '.join(sorted(missing))}")
    photo_entries = check_photo_entries(archive, header)
    written: list[Path] = []
    try:
        with transaction.atomic():
            replaced = empty(server_parts.values()) if replace else refuse_unless_empty(server_parts.values())
            counts = {part.name: part.insert(read_rows(archive, entry)) for part, entry in chosen}
            table_ids = set(Table._base_manager.values_list("pk", flat=True))
            check_links(chosen)
            write_photo_files(archive, photo_entries, table_ids, written)
            reset_sequences()
            gone = replaced - table_ids
            # games/plumbing/photos.py (outside services/, not typed strictly yet) removes a table's photos untyped.
            transaction.on_commit(lambda: [photos.remove_table(table_id) for table_id in gone])  # type: ignore[no-untyped-call]
    except BaseException as error:
        for path in written:
            path.unlink(missing_ok=True)
        if isinstance(error, DatabaseError | ValidationError | ValueError | TypeError):
            raise BackupError(f"the backup's rows cannot be restored, nothing was: {error}") from None
        raise
    return counts, len(photo_entries)


def read_header(archive: zipfile.ZipFile) -> JSONObject:
    try:
        info = archive.getinfo(HEADER)
    except KeyError:
        raise BackupError(f"this is not a CardScore backup: it has no {HEADER}") from None
    if info.file_size > MAX_HEADER_BYTES:
        raise BackupError(f"this is not a CardScore backup: its {HEADER} is too large")
    try:
        header = json.loads(archive.read(HEADER))
    except (ValueError, RecursionError):
        raise BackupError(f"this backup is damaged: its {HEADER} is not valid JSON") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BackupError(f"this is not a CardScore backup (its format is not {FORMAT})")
    version = header.get("version")
    if not isinstance(version, int) or version < 1:
        raise BackupError("this backup is damaged: its version is not a number")
    if version > VERSION:
        raise BackupError(
            f"this backup is of format version {version}, newer than this CardScore's {VERSION}: upgrade first"
        )
    if not isinstance(header.get("parts"), list) or not isinstance(header.get("migrations"), dict):
        raise BackupError("this backup is damaged: its header lists no rows")
    check_migrations(header["migrations"])
    return header


def check_migrations(theirs: JSONObject) -> None:
    """The rows must match this server's models: a backup made before or after a migration of
    these apps would put rows in columns that mean something else (a data migration between them
    would not have run on its rows)."""
    ours = migration_state()
    newer = sorted(f"{app}.{name}" for app, names in theirs.items() for name in set(names) - set(ours.get(app, [])))
    if newer:
        raise BackupError(
            f"this backup comes from a newer CardScore (this server lacks the migrations {', '.join(newer)}): "
            "upgrade this server, then restore"
        )
    older = sorted(f"{app}.{name}" for app, names in ours.items() for name in set(names) - set(theirs.get(app, [])))
    if older:
        raise BackupError(
            f"this backup comes from an older CardScore (it lacks the migrations {', '.join(older)}): restore it "
            "with the version that made it, then upgrade"
        )


def check_part(entry: object, server_parts: dict[str, Part], archive: zipfile.ZipFile) -> tuple[Part, PartEntry]:
    if not isinstance(entry, dict) or entry.get("name") not in server_parts:
        raise BackupError(f"this backup holds rows this server has no place for: {entry!r:.80}")
    part = server_parts[entry["name"]]
    if entry.get("columns") != part.columns:
        raise BackupError(f"the columns of {part.name} in this backup are not this server's")
    if entry.get("entry") not in archive.namelist():
        raise BackupError(f"this backup is damaged: {entry.get('entry')!r} is missing")
    return part, cast(PartEntry, entry)  # JSON from the file: its name, columns and entry checked above


def read_rows(archive: zipfile.ZipFile, entry: PartEntry) -> Iterator[Row]:
    with archive.open(entry["entry"]) as lines:
        for number, line in enumerate(lines, 1):
            try:
                row = json.loads(line)
            except ValueError:
                raise BackupError(f"this backup is damaged: line {number} of {entry['entry']} is not JSON") from None
            if not isinstance(row, list):
                raise BackupError(f"this backup is damaged: line {number} of {entry['entry']} is not a row")
            yield row


def check_photo_entries(archive: zipfile.ZipFile, header: JSONObject) -> list[PhotoEntry]:
    """The photo entries, each with its table id: a name of any other shape (../, an absolute
    path: a crafted file writing outside the photos folder) refuses the whole backup."""
    entries = []
    for info in archive.infolist():
        if info.filename == HEADER or info.filename in {entry.get("entry") for entry in header["parts"]}:
            continue
        match = PHOTO_ENTRY.fullmatch(info.filename)
        if match is None or info.is_dir():
            raise BackupError(f"this backup holds a file that is no photo of a table: {info.filename!r:.120}")
        if info.file_size > photos.MAX_BYTES:
            raise BackupError(f"the photo {info.filename} is larger than a photo can be")
        entries.append((info, match.group(1)))
    return entries


def write_photo_files(
    archive: zipfile.ZipFile, entries: list[PhotoEntry], table_ids: set[str], written: list[Path]
) -> None:
    root = (settings.DATA_DIR / "photos").resolve()
    for info, table_id in entries:
        if table_id not in table_ids:
            raise BackupError(f"the photo {info.filename} belongs to no table of the backup")
        target = (root / table_id / Path(info.filename).name).resolve()
        if target.parent.parent != root:
            raise BackupError(f"the photo {info.filename} would be written outside the photos folder")
        target.parent.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        target.parent.mkdir(mode=0o700, exist_ok=True)
        # A file already there is the same photo (its table's id and its random name): a server
        # moved to another database in place restores into its own data folder. A failed restore
        # takes back only the files it made.
        if not target.exists():
            written.append(target)
        with (
            archive.open(info) as source,
            open(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out,
        ):
            while chunk := source.read(1024 * 1024):
                out.write(chunk)


def refuse_unless_empty(all_parts: Iterable[Part]) -> set[str]:
    """A restore goes into an empty server only: its ids and links would collide with rows already
    there, and mixing two servers' accounts is not a restore. Returns the tables it replaces: none."""
    holding = [part.name for part in all_parts if not part.is_empty()]
    if holding:
        raise BackupError(
            "this server is not empty (it holds rows of "
            f"{', '.join(holding)}): restore into a freshly migrated server with no account and no table, "
            "or replace them with --replace"
        )
    return set()


def empty(all_parts: Iterable[Part]) -> set[str]:
    """Delete every row a backup holds, in the restore's transaction, and the admin's log of the
    accounts going with them; returns the ids of the tables replaced. Plain DELETEs: a table's
    deletion signal would take its photos at once, before the restore is committed."""
    replaced = set(Table._base_manager.values_list("pk", flat=True))
    LogEntry.objects.all().delete()
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for part in reversed(list(all_parts)):
            cursor.execute(f"DELETE FROM {quote(part.db_table)}")  # noqa: S608 -- a model's own table, quoted
    return replaced


def check_links(chosen: list[tuple[Part, PartEntry]]) -> None:
    """Every restored foreign key points at a restored row, checked now rather than at commit,
    which in a transaction nested in another (a test's) would come too late to undo it."""
    connection.check_constraints(table_names=[part.db_table for part, _entry in chosen])


def reset_sequences() -> None:
    """PostgreSQL's id sequences moved past the restored ids: the next account or hand gets a new
    one (SQLite takes the highest id plus one by itself)."""
    statements = connection.ops.sequence_reset_sql(no_style(), backed_up_models())
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
