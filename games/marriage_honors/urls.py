from django.urls import path

from . import views

urlpatterns = [
    path("t/<str:token>/deal/", views.deal_info, name="deal_info"),
]
