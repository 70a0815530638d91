from django.contrib import admin

from .models import Hand, PointTable, Table


@admin.register(PointTable)
class PointTableAdmin(admin.ModelAdmin):
    list_display = ["game"]

    def get_changeform_initial_data(self, request):
        return {"game": "marriage", "rules": PointTable.rules_for("marriage")}


class HandInline(admin.TabularInline):
    model = Hand
    fields = ["number", "inputs", "points", "updated"]
    readonly_fields = fields
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
    fields = ["id", "name", "game", "owner", "created", "finished", "players", "rules", "totals"]
    readonly_fields = ["id", "game", "created", "players", "rules", "totals"]
    inlines = [HandInline]
