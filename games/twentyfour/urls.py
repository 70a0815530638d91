from django.urls import path

from . import views

urlpatterns = [
    path("24/", views.home, name="puzzle_home"),
    path("24/name/", views.choose_name, name="puzzle_name"),
    path("24/deal/", views.deal, name="puzzle_deal"),
    path("24/<int:puzzle_id>/", views.play, name="puzzle"),
    path("t/<str:token>/race/", views.race_press, name="race_press"),
    path("t/<str:token>/race/state/", views.race_state, name="race_state"),
]
