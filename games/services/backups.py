"""The server's backup (manage.py backup) and its restore (manage.py restore): one zip file holding
every account, every row of every game's models and the hands' photos, restored on SQLite or
PostgreSQL whichever it was taken on.

The file holds:
    backup.json                    the header: format, version, when, the migrations the rows
                                   match, and per part its columns, its row count and its entry
    rows/<part>.jsonl              one JSON array of column values per line, in the header's order
    photos/<table id>/<file>.jpg   the photo files the rows name

Rows are written and read a line at a time, so memory stays bounded however large the server.
Primary keys, links (keeper and viewer tokens) and dates are kept as they are: every scorekeeper
and viewer link opens the same table after a restore.
"""

import json
import os
import re
import tempfile
import zipfile
import zlib
from contextlib import contextmanager
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group as AccountGroup
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import DatabaseError, connection, models, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

from .. import photos
from ..models import Hand, HandChange, SetupCode, Table

FORMAT = "cardscore-backup"
VERSION = 1
HEADER = "backup.json"
BATCH = 2000
MAX_HEADER_BYTES = 1024 * 1024
FILE_NAME = re.compile(r"cardscore-\d{4}-\d\d-\d\dT\d{6}\.zip")
PHOTO_ENTRY = re.compile(r"photos/([0-9A-Za-z_-]{1,32})/([0-9a-f]{1,16})\.(full|thumb)\.jpg")
# The one-time code that lets whoever started a server claim it: the restored server has its
# owner, or prints a code of its own.
LEFT_OUT = (SetupCode,)
# Values JSON cannot hold as they are: written as text, read back through the field.
AS_TEXT = ("DateTimeField", "DateField", "TimeField", "DecimalField", "UUIDField", "DurationField")


class BackupError(Exception):
    """A backup that cannot be taken or restored: the message says why, in one sentence."""


# --- what a backup holds -------------------------------------------------------------------------


def game_models():
    """Every model of the games app and of each game's app (games.*), found in the app registry so
    that a new game's models are backed up without a change here."""
    return [
        model
        for app in apps.get_app_configs()
        if app.name == "games" or app.name.startswith("games.")
        for model in app.get_models()
        if model not in LEFT_OUT
    ]


def backed_up_models():
    """The accounts, their groups, and every game model, each after the models it points at."""
    return in_dependency_order([get_user_model(), AccountGroup, *game_models()])


def in_dependency_order(chosen):
    """The models sorted so each comes after those its foreign keys point at (a model pointing at
    itself, as a rematch at its previous table, is fine: both databases check foreign keys only at
    commit, Django's constraints being DEFERRABLE INITIALLY DEFERRED)."""
    ordered, placed = [], set()

    def place(model):
        if model in placed:
            return
        placed.add(model)
        for field in model._meta.concrete_fields:
            target = field.related_model
            if field.is_relation and target in chosen and target is not model:
                place(target)
        ordered.append(model)

    for model in chosen:
        place(model)
    return ordered


class ModelPart:
    """The rows of one model, column by column (attnames: a foreign key as its id)."""

    def __init__(self, model):
        self.model = model
        self.name = model._meta.label_lower
        self.fields = list(model._meta.concrete_fields)
        self.columns = [field.attname for field in self.fields]
        self.as_text = [field.get_internal_type() in AS_TEXT for field in self.fields]

    def rows(self):
        query = self.model._base_manager.order_by("pk").values_list(*self.columns)
        for row in query.iterator(chunk_size=BATCH):
            yield [as_json(value) if text else value for value, text in zip(row, self.as_text)]

    def insert(self, rows):
        """Insert the rows in batches of one statement each; returns how many. Plain INSERTs, not
        bulk_create: those compile each value of each row (three quarters of a restore's time),
        and run the fields' pre_save, where auto_now would stamp every row with today's date.
        No signal is sent either (forget_photos must not run)."""
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in self.fields)
        placeholders = ", ".join(["%s"] * len(self.fields))
        statement = f"INSERT INTO {quote(self.model._meta.db_table)} ({columns}) VALUES ({placeholders})"
        prepare = [column_value(field) for field in self.fields]
        count = 0
        with connection.cursor() as cursor:
            for batch in batched(rows, BATCH):
                cursor.executemany(statement, [self.prepared(row, prepare) for row in batch])
                count += len(batch)
        return count

    def prepared(self, row, prepare):
        if len(row) != len(prepare):
            raise BackupError(f"a row of {self.name} has {len(row)} values, not {len(prepare)}")
        return [to_column(value) for to_column, value in zip(prepare, row)]

    def is_empty(self):
        return not self.model._base_manager.exists()


def column_value(field):
    """How a value read from a backup goes into the field's column: through the field, which
    refuses one of the wrong kind (SQLite would store text in a number's column), and for JSON,
    dates and the like as the database takes them."""
    if isinstance(field, models.JSONField) or field.get_internal_type() in AS_TEXT:
        return lambda value: field.get_db_prep_save(field.to_python(value), connection)
    return field.to_python


def as_json(value):
    """A date, time, decimal, UUID or duration as text its field reads back (to_python)."""
    if value is None:
        return None
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


class PermissionPart:
    """The permissions given to accounts or account groups, each by its natural key (app, model,
    codename): permission ids are made by each server's migrate, in its own order."""

    def __init__(self, owner_model, field_name):
        self.through = owner_model._meta.get_field(field_name).remote_field.through
        self.owner_column = f"{owner_model._meta.model_name}_id"
        self.name = f"{owner_model._meta.label_lower}.{field_name}"
        self.columns = [self.owner_column, "app_label", "model", "codename"]

    def rows(self):
        query = self.through.objects.order_by("pk").values_list(
            self.owner_column,
            "permission__content_type__app_label",
            "permission__content_type__model",
            "permission__codename",
        )
        return (list(row) for row in query.iterator(chunk_size=BATCH))

    def insert(self, rows):
        known = {
            tuple(key): pk
            for *key, pk in Permission.objects.values_list(
                "content_type__app_label", "content_type__model", "codename", "pk"
            )
        }
        count = 0
        for batch in batched(rows, BATCH):
            links = []
            for owner, *key in batch:
                if tuple(key) not in known:
                    raise BackupError(f"the permission {'.'.join(map(str, key))} does not exist on this server")
                links.append(self.through(**{self.owner_column: owner, "permission_id": known[tuple(key)]}))
            self.through.objects.bulk_create(links)
            count += len(links)
        return count

    def is_empty(self):
        return not self.through.objects.exists()


class GroupMemberPart(ModelPart):
    """Which account is in which account group: both ids are kept, so the rows go as they are
    (their own ids are not: nothing points at them)."""

    def __init__(self):
        super().__init__(get_user_model().groups.through)
        self.name = "auth.user.groups"
        self.fields = [field for field in self.fields if not field.primary_key]
        self.columns = [field.attname for field in self.fields]
        self.as_text = [False] * len(self.fields)


def parts():
    """What a backup holds, in the order a restore inserts it."""
    users = get_user_model()
    return [
        *(ModelPart(model) for model in backed_up_models()),
        GroupMemberPart(),
        PermissionPart(users, "user_permissions"),
        PermissionPart(AccountGroup, "permissions"),
    ]


def migration_state():
    """app label -> the migrations applied, for every app whose rows a backup holds."""
    labels = {part.model._meta.app_label for part in parts() if isinstance(part, ModelPart)}
    applied = MigrationRecorder(connection).applied_migrations()
    return {label: sorted(name for app, name in applied if app == label) for label in sorted(labels)}


def batched(rows, size):
    batch = []
    for row in rows:
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


# --- taking a backup -----------------------------------------------------------------------------


def default_folder():
    return settings.DATA_DIR / "backups"


def default_path():
    return default_folder() / f"cardscore-{timezone.localtime():%Y-%m-%dT%H%M%S}.zip"


@contextmanager
def snapshot():
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


def take(path=None):
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


def write_archive(file):
    header = {
        "format": FORMAT,
        "version": VERSION,
        "created": timezone.now().isoformat(),
        "database": connection.vendor,
    }
    # compresslevel 1: the rows shrink nearly as much as at the default level, in a third of the time.
    with zipfile.ZipFile(file, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive, snapshot():
        header["migrations"] = migration_state()
        header["parts"] = [write_part(archive, part) for part in parts()]
        header["photos"] = write_photos(archive, photo_names())
        archive.writestr(HEADER, json.dumps(header, indent=1))


def write_part(archive, part):
    entry = f"rows/{part.name}.jsonl"
    count = 0
    with archive.open(entry, "w") as out:
        for batch in batched(part.rows(), BATCH):
            out.write("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in batch).encode())
            count += len(batch)
    return {"name": part.name, "columns": part.columns, "rows": count, "entry": entry}


def photo_names():
    """(table id, photo name) of every photo a hand shows, or a deleted hand keeps for its redo."""
    names = set()
    for model in (Hand, HandChange):
        names.update(model.objects.exclude(photo="").values_list("table_id", "photo").iterator(chunk_size=BATCH))
    return sorted(names)


def write_photos(archive, names):
    """Copy each photo's files into the archive as they are (a JPEG does not compress); a file lost
    from the disk stays lost: its hand shows the photo as missing, as on the server."""
    count = 0
    for table_id, name in names:
        for size in photos.SIZES:
            source = photos.path(table_id, name, size)
            if source.is_file():
                archive.write(source, f"photos/{table_id}/{source.name}", compress_type=zipfile.ZIP_STORED)
                count += 1
    return count


def remove_old(keep):
    """Delete all but the newest `keep` backups of the default folder (their names hold the date)."""
    backups = sorted(path for path in default_folder().glob("cardscore-*.zip") if FILE_NAME.fullmatch(path.name))
    old = backups[:-keep]
    for path in old:
        path.unlink()
    return old


# --- restoring one -------------------------------------------------------------------------------


def restore(path):
    """Put the backup at `path` into this server, which must hold no account and no table: all of
    it or, on any error, nothing (BackupError). Returns {part name: rows} and the photo files count."""
    try:
        with zipfile.ZipFile(path) as archive:
            return restore_archive(archive)
    except zipfile.BadZipFile as error:
        raise BackupError(f"{path} is not a CardScore backup, or it is damaged ({error})") from None
    except (zlib.error, EOFError, OSError) as error:
        raise BackupError(f"cannot read {path}: {error}") from None


def restore_archive(archive):
    header = read_header(archive)
    server_parts = {part.name: part for part in parts()}
    chosen = [check_part(entry, server_parts, archive) for entry in header["parts"]]
    missing = set(server_parts) - {part.name for part, _entry in chosen}
    if missing:
        raise BackupError(f"this backup is damaged: it has no rows of {', '.join(sorted(missing))}")
    photo_entries = check_photo_entries(archive, header)
    written = []
    try:
        with transaction.atomic():
            refuse_unless_empty(server_parts.values())
            counts = {part.name: part.insert(read_rows(archive, entry)) for part, entry in chosen}
            table_ids = set(Table._base_manager.values_list("pk", flat=True))
            check_links(chosen)
            write_photo_files(archive, photo_entries, table_ids, written)
            reset_sequences()
    except BaseException as error:
        for path in written:
            path.unlink(missing_ok=True)
        if isinstance(error, DatabaseError | ValidationError | ValueError | TypeError):
            raise BackupError(f"the backup's rows cannot be restored, nothing was: {error}") from None
        raise
    return counts, len(photo_entries)


def read_header(archive):
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


def check_migrations(theirs):
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


def check_part(entry, server_parts, archive):
    if not isinstance(entry, dict) or entry.get("name") not in server_parts:
        raise BackupError(f"this backup holds rows this server has no place for: {entry!r:.80}")
    part = server_parts[entry["name"]]
    if entry.get("columns") != part.columns:
        raise BackupError(f"the columns of {part.name} in this backup are not this server's")
    if entry.get("entry") not in archive.namelist():
        raise BackupError(f"this backup is damaged: {entry.get('entry')!r} is missing")
    return part, entry


def read_rows(archive, entry):
    with archive.open(entry["entry"]) as lines:
        for number, line in enumerate(lines, 1):
            try:
                row = json.loads(line)
            except ValueError:
                raise BackupError(f"this backup is damaged: line {number} of {entry['entry']} is not JSON") from None
            if not isinstance(row, list):
                raise BackupError(f"this backup is damaged: line {number} of {entry['entry']} is not a row")
            yield row


def check_photo_entries(archive, header):
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


def write_photo_files(archive, entries, table_ids, written):
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


def refuse_unless_empty(all_parts):
    """A restore goes into an empty server only: its ids and links would collide with rows already
    there, and mixing two servers' accounts is not a restore."""
    holding = [part.name for part in all_parts if not part.is_empty()]
    if holding:
        raise BackupError(
            "this server is not empty (it holds rows of "
            f"{', '.join(holding)}): restore into a freshly migrated server with no account and no table"
        )


def check_links(chosen):
    """Every restored foreign key points at a restored row, checked now rather than at commit,
    which in a transaction nested in another (a test's) would come too late to undo it."""
    connection.check_constraints(
        table_names=[(part.model if isinstance(part, ModelPart) else part.through)._meta.db_table for part, _ in chosen]
    )


def reset_sequences():
    """PostgreSQL's id sequences moved past the restored ids: the next account or hand gets a new
    one (SQLite takes the highest id plus one by itself)."""
    statements = connection.ops.sequence_reset_sql(no_style(), backed_up_models())
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
