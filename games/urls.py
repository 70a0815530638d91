from django.urls import include, path

from games.pages import colors, offline
from games.sdk import registry
from games.views import hands, seasons, seats, sharing, site, table_file, table_page

urlpatterns = [
    # Every phone showing a board asks this every two seconds: matched first.
    path("t/<str:token>/live/", table_page.live, name="live"),
    path("t/<str:token>/tv/live/", table_page.tv_live, name="tv_live"),
    path("", site.home, name="home"),
    path("setup/", site.setup, name="setup"),
    path("health/", site.health, name="health"),
    path("manifest.webmanifest", site.manifest, name="manifest"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("colors/<slug:game>.css", colors.colors_css, name="game_colors"),
    path("new/<slug:game>/", site.new_table, name="new_table"),
    path("import/", table_file.import_file, name="import_file"),
    path("players/", seasons.players_list, name="players_list"),
    path("players/<path:name>/", seasons.player, name="player"),
    path("t/<str:token>/", table_page.table, name="table"),
    path("t/<str:token>/tv/", table_page.tv, name="tv"),
    path("t/<str:token>/hands/", hands.add_hand, name="add_hand"),
    path("t/<str:token>/hands/<int:number>/", hands.edit_hand, name="edit_hand"),
    path("t/<str:token>/hands/<int:number>/delete/", hands.delete_hand, name="delete_hand"),
    path("t/<str:token>/hands/<int:number>/restore/", hands.restore_hand, name="restore_hand"),
    path("t/<str:token>/hand/<int:number>/", hands.hand, name="hand"),
    path("t/<str:token>/hand/<int:number>/note/", hands.hand_note, name="hand_note"),
    path("t/<str:token>/hand/<int:number>/photo/", hands.hand_photo, name="hand_photo"),
    path("t/<str:token>/photos/<str:name>/<str:size>.jpg", hands.photo_file, name="photo_file"),
    path("t/<str:token>/total/<int:seat>/", hands.total, name="total"),
    path("t/<str:token>/settlement/", sharing.settlement, name="settlement"),
    path("t/<str:token>/summary/", sharing.summary, name="summary"),
    path("t/<str:token>/result.png", sharing.result_picture, name="result_picture"),
    path("t/<str:token>/picker/<str:mode>/", hands.picker_total, name="picker_total"),
    path("t/<str:token>/finish/", table_page.finish, name="finish"),
    path("t/<str:token>/clock/", table_page.pause_clock, name="pause_clock"),
    path("t/<str:token>/language/", table_page.table_language, name="table_language"),
    path("language/", site.choose_language, name="choose_language"),
    path("t/<str:token>/rematch/", seasons.rematch, name="rematch"),
    path("t/<str:token>/group/", seasons.table_group, name="table_group"),
    path("groups/<int:pk>/", seasons.group, name="group"),
    path("t/<str:token>/players/", seats.players, name="players"),
    path("t/<str:token>/seats/", seats.seats, name="seats"),
    path("t/<str:token>/events/<int:index>/delete/", seats.take_back_event, name="take_back_event"),
    path("t/<str:token>/links/", sharing.new_link, name="new_link"),
    path("t/<str:token>/qr/<str:which>.svg", sharing.qr_code, name="qr_code"),
    path("t/<str:token>/history/", hands.history, name="history"),
    path("t/<str:token>/export.json", table_file.export, name="export"),
    path("t/<str:token>/export.csv", table_file.export_csv, name="export_csv"),
    # Each game's own endpoints (the maal counter, the set tracker, the race pad...).
    *(path("", include(module)) for module in registry.url_modules()),
]
