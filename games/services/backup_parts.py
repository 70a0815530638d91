"""What the server's backup holds, for taking it (backups.py, manage.py backup) and restoring it
(restores.py, manage.py restore): one zip file holding every account, every row of every game's
models and the hands' photos, restored on SQLite or PostgreSQL whichever it was taken on.

The file holds:
    backup.json                    the header: format, version, when, the migrations the rows
                                   match, and per part its columns, its row count and its entry
    rows/<part>.jsonl              one JSON array of column values per line, in the header's order
    photos/<table id>/<file>.jpg   the photo files the rows name

Rows are written and read a line at a time, so memory stays bounded however large the server.
Primary keys, links (keeper and viewer tokens) and dates are kept as they are: every scorekeeper
and viewer link opens the same table after a restore.
"""

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeAlias, TypedDict, TypeVar

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group as AccountGroup
from django.contrib.auth.models import Permission
from django.db import connection, models
from django.db.migrations.recorder import MigrationRecorder
from django.db.models.fields import Field

from games.models import SetupCode

FORMAT = "cardscore-backup"
VERSION = 1
HEADER = "backup.json"
BATCH = 2000
# The one-time code that lets whoever started a server claim it: the restored server has its
# owner, or prints a code of its own.
LEFT_OUT = (SetupCode,)
# Values JSON cannot hold as they are: written as text, read back through the field.
AS_TEXT = ("DateTimeField", "DateField", "TimeField", "DecimalField", "UUIDField", "DurationField")

# One row's values, in its part's column order: as the database gives them (a date as text, see
# as_json) when a backup is taken, as JSON reads them back when it is restored.
Row = list[object]
# A model field of any kind: its value types are the field's own (a string: Field is generic to
# Django's stubs only, not at run time).
AnyField: TypeAlias = "Field[Any, Any]"
Item = TypeVar("Item")


class BackupError(Exception):
    """A backup that cannot be taken or restored: the message says why, in one sentence."""


class PartEntry(TypedDict):
    """A part as the header lists it: its columns, its row count and the entry holding its rows."""

    name: str
    columns: list[str]
    rows: int
    entry: str


class Header(TypedDict):
    """The backup's header (backup.json)."""

    format: str
    version: int
    created: str
    database: str
    migrations: dict[str, list[str]]
    parts: list[PartEntry]
    photos: int


# --- what a backup holds -------------------------------------------------------------------------


def game_models() -> list[type[models.Model]]:
    """Every model of the games app and of each game's app (games.*), found in the app registry so
    that a new game's models are backed up without a change here."""
    return [
        model
        for app in apps.get_app_configs()
        if app.name == "games" or app.name.startswith("games.")
        for model in app.get_models()
        if model not in LEFT_OUT
    ]


def backed_up_models() -> list[type[models.Model]]:
    """The accounts, their groups, and every game model, each after the models it points at."""
    return in_dependency_order([get_user_model(), AccountGroup, *game_models()])


def in_dependency_order(chosen: Sequence[type[models.Model]]) -> list[type[models.Model]]:
    """The models sorted so each comes after those its foreign keys point at (a model pointing at
    itself, as a rematch at its previous table, is fine: both databases check foreign keys only at
    commit, Django's constraints being DEFERRABLE INITIALLY DEFERRED)."""
    ordered: list[type[models.Model]] = []
    placed: set[type[models.Model]] = set()

    def place(model: type[models.Model]) -> None:
        if model in placed:
            return
        placed.add(model)
        for field in model._meta.concrete_fields:
            target = field.related_model
            if field.is_relation and isinstance(target, type) and target in chosen and target is not model:
                place(target)
        ordered.append(model)

    for model in chosen:
        place(model)
    return ordered


class ModelPart:
    """The rows of one model, column by column (attnames: a foreign key as its id)."""

    def __init__(self, model: type[models.Model]) -> None:
        self.model = model
        self.db_table = model._meta.db_table
        self.name = model._meta.label_lower
        self.fields: list[AnyField] = list(model._meta.concrete_fields)
        self.columns = [field.attname for field in self.fields]
        self.as_text = [field.get_internal_type() in AS_TEXT for field in self.fields]

    def rows(self) -> Iterator[Row]:
        query = self.model._base_manager.order_by("pk").values_list(*self.columns)
        for row in query.iterator(chunk_size=BATCH):
            yield [as_json(value) if text else value for value, text in zip(row, self.as_text)]

    def insert(self, rows: Iterable[Row]) -> int:
        """Insert the rows in batches of one statement each; returns how many. Plain INSERTs, not
        bulk_create: those compile each value of each row (three quarters of a restore's time),
        and run the fields' pre_save, where auto_now would stamp every row with today's date.
        No signal is sent either (forget_photos must not run)."""
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in self.fields)
        placeholders = ", ".join(["%s"] * len(self.fields))
        # The model's own table and columns, quoted; every value a parameter.
        statement = f"INSERT INTO {quote(self.model._meta.db_table)} ({columns}) VALUES ({placeholders})"  # noqa: S608
        prepare = [column_value(field) for field in self.fields]
        count = 0
        with connection.cursor() as cursor:
            for batch in batched(rows, BATCH):
                cursor.executemany(statement, [self.prepared(row, prepare) for row in batch])
                count += len(batch)
        return count

    def prepared(self, row: Row, prepare: list[Callable[[object], Any]]) -> list[Any]:
        """The row's values as its columns take them: of the database driver's own types."""
        if len(row) != len(prepare):
            raise BackupError(f"a row of {self.name} has {len(row)} values, not {len(prepare)}")
        return [to_column(value) for to_column, value in zip(prepare, row)]

    def is_empty(self) -> bool:
        return not self.model._base_manager.exists()


def column_value(field: AnyField) -> Callable[[object], Any]:
    """How a value read from a backup goes into the field's column: through the field, which
    refuses one of the wrong kind (SQLite would store text in a number's column), and for JSON,
    dates and the like as the database takes them."""
    if isinstance(field, models.JSONField) or field.get_internal_type() in AS_TEXT:
        return lambda value: field.get_db_prep_save(field.to_python(value), connection)
    return field.to_python


def as_json(value: object) -> str | None:
    """A date, time, decimal, UUID or duration as text its field reads back (to_python)."""
    if value is None:
        return None
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


class PermissionPart:
    """The permissions given to accounts or account groups, each by its natural key (app, model,
    codename): permission ids are made by each server's migrate, in its own order."""

    def __init__(self, owner_model: type[models.Model], field_name: str) -> None:
        field = owner_model._meta.get_field(field_name)
        if not isinstance(field, models.ManyToManyField) or field.remote_field.through is None:
            raise TypeError(f"{owner_model.__name__}.{field_name} is no many-to-many field")
        # An auto-created model: its one manager, objects, is its _default_manager (as the stubs know it).
        self.through = field.remote_field.through
        self.db_table = self.through._meta.db_table
        self.owner_column = f"{owner_model._meta.model_name}_id"
        self.name = f"{owner_model._meta.label_lower}.{field_name}"
        self.columns = [self.owner_column, "app_label", "model", "codename"]

    def rows(self) -> Iterator[Row]:
        query = self.through._default_manager.order_by("pk").values_list(
            self.owner_column,
            "permission__content_type__app_label",
            "permission__content_type__model",
            "permission__codename",
        )
        return (list(row) for row in query.iterator(chunk_size=BATCH))

    def insert(self, rows: Iterable[Row]) -> int:
        known: dict[tuple[object, ...], int] = {
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
            self.through._default_manager.bulk_create(links)
            count += len(links)
        return count

    def is_empty(self) -> bool:
        return not self.through._default_manager.exists()


class GroupMemberPart(ModelPart):
    """Which account is in which account group: both ids are kept, so the rows go as they are
    (their own ids are not: nothing points at them)."""

    def __init__(self) -> None:
        super().__init__(get_user_model().groups.through)
        self.name = "auth.user.groups"
        self.fields = [field for field in self.fields if not field.primary_key]
        self.columns = [field.attname for field in self.fields]
        self.as_text = [False] * len(self.fields)


# A part of a backup: the rows of a model, or the permissions given to accounts or groups.
Part = ModelPart | PermissionPart


def parts() -> list[Part]:
    """What a backup holds, in the order a restore inserts it."""
    users = get_user_model()
    return [
        *(ModelPart(model) for model in backed_up_models()),
        GroupMemberPart(),
        PermissionPart(users, "user_permissions"),
        PermissionPart(AccountGroup, "permissions"),
    ]


def migration_state() -> dict[str, list[str]]:
    """app label -> the migrations applied, for every app whose rows a backup holds."""
    labels = {part.model._meta.app_label for part in parts() if isinstance(part, ModelPart)}
    applied = MigrationRecorder(connection).applied_migrations()
    return {label: sorted(name for app, name in applied if app == label) for label in sorted(labels)}


def batched(rows: Iterable[Item], size: int) -> Iterator[list[Item]]:
    batch: list[Item] = []
    for row in rows:
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
