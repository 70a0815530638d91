from django.urls import include, path

from . import offline, registry, views

urlpatterns = [
    # Every phone showing a board asks this every two seconds: matched first.
    path("t/<str:token>/live/", views.live, name="live"),
    path("", views.home, name="home"),
    path("setup/", views.setup, name="setup"),
    path("health/", views.health, name="health"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("new/<slug:game>/", views.new_table, name="new_table"),
    path("import/", views.import_file, name="import_file"),
    path("players/", views.players_list, name="players_list"),
    path("players/<path:name>/", views.player, name="player"),
    path("t/<str:token>/", views.table, name="table"),
    path("t/<str:token>/hands/", views.add_hand, name="add_hand"),
    path("t/<str:token>/hands/<int:number>/", views.edit_hand, name="edit_hand"),
    path("t/<str:token>/hands/<int:number>/delete/", views.delete_hand, name="delete_hand"),
    path("t/<str:token>/hands/<int:number>/restore/", views.restore_hand, name="restore_hand"),
    path("t/<str:token>/hand/<int:number>/", views.hand, name="hand"),
    path("t/<str:token>/hand/<int:number>/note/", views.hand_note, name="hand_note"),
    path("t/<str:token>/total/<int:seat>/", views.total, name="total"),
    path("t/<str:token>/settlement/", views.settlement, name="settlement"),
    path("t/<str:token>/summary/", views.summary, name="summary"),
    path("t/<str:token>/result.png", views.result_picture, name="result_picture"),
    path("t/<str:token>/picker/<str:mode>/", views.picker_total, name="picker_total"),
    path("t/<str:token>/finish/", views.finish, name="finish"),
    path("t/<str:token>/language/", views.table_language, name="table_language"),
    path("language/", views.choose_language, name="choose_language"),
    path("t/<str:token>/rematch/", views.rematch, name="rematch"),
    path("t/<str:token>/group/", views.table_group, name="table_group"),
    path("groups/<int:pk>/", views.group, name="group"),
    path("t/<str:token>/players/", views.players, name="players"),
    path("t/<str:token>/links/", views.new_link, name="new_link"),
    path("t/<str:token>/qr/<str:which>.svg", views.qr_code, name="qr_code"),
    path("t/<str:token>/history/", views.history, name="history"),
    path("t/<str:token>/export.json", views.export, name="export"),
    path("t/<str:token>/export.csv", views.export_csv, name="export_csv"),
    # Each game's own endpoints (the maal counter, the set tracker, the race pad...).
    *(path("", include(module)) for module in registry.url_modules()),
]
