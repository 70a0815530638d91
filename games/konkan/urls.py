from django.urls import path

from . import views

urlpatterns = [
    path("t/<str:token>/sets/", views.record_set, name="record_set"),
]
