import copy

from django import forms
from django.contrib import admin
from django.db.models import F

from games.models import Group, Hand, PointTable, Table
from games.sdk import problems
from games.sdk.registry import all_games, get_game
from scoring.errors import InputError


class PointTableForm(forms.ModelForm):
    """One field per rule of the game; what is not offered as a field stays a JSON value."""

    class Meta:
        model = PointTable
        fields = ["game"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = self.instance.game or all_games()[0].slug
        self.initial.setdefault("game", self.game)
        rules = (
            PointTable.rules_for(self.game)
            if self.instance.pk is None
            else get_game(self.game).engine.validate_rules(self.instance.rules)
        )
        described = get_game(self.game)
        self.rule_fields = described.rule_fields
        for key, value in rules.items():
            if key in self.rule_fields:
                self.fields[key] = copy.deepcopy(self.rule_fields[key])
            else:
                self.fields[key] = forms.JSONField(
                    label=described.rule_label(key), widget=forms.Textarea(attrs={"rows": 6})
                )
            self.initial[key] = value

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        rules = {key: cleaned[key] for key in self.fields if key != "game"}
        rules["point_rate"] = float(rules["point_rate"]) if "point_rate" in rules else 1
        try:
            self.instance.rules = get_game(cleaned["game"]).engine.validate_rules(rules)
        except InputError as error:
            self.add_error(error.field if error.field in self.fields else None, problems.message(error))
        return cleaned


@admin.register(PointTable)
class PointTableAdmin(admin.ModelAdmin):
    """The defaults a new table starts with; tables already made keep their own copy."""

    form = PointTableForm
    list_display = ["game"]

    def get_form(self, request, obj=None, **kwargs):
        # The rule fields are made per game by the form itself, not by the model.
        return super().get_form(request, obj, **{**kwargs, "fields": ["game"]})

    def get_fieldsets(self, request, obj=None):
        rules = PointTable.rules_for(obj.game if obj else all_games()[0].slug)
        return [(None, {"fields": ["game", *rules]})]


class HandInline(admin.TabularInline):
    model = Hand
    fields = readonly_fields = ("number", "inputs", "points", "updated")
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    """Tables are scored through their links; here an owner can be given or a table removed."""

    list_display = ["name", "game", "owner", "created", "finished"]
    list_filter = ["game"]
    search_fields = ["name", "id"]
    fields = ["id", "name", "game", "owner", "group", "created", "finished", "players", "rules", "totals"]
    readonly_fields = ["id", "game", "created", "players", "rules", "totals"]
    inlines = [HandInline]

    def save_model(self, request, obj, form, change):
        if not change:
            super().save_model(request, obj, form, change)
            return
        obj.revision = F("revision") + 1  # pages rendered for the old revision are not shown again
        # Only what the form edits: the scores and the fold state are written by games.services
        # under the table's lock, and a hand recorded while this form was saved keeps them.
        obj.save(update_fields=[*form.changed_data, "revision"])
        obj.refresh_from_db(fields=["revision"])


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    """Groups are made from a table's page; here one can be renamed, or removed (its tables stay)."""

    list_display = ["name", "owner", "created"]
    search_fields = ["name"]
    fields = ["name", "owner"]
