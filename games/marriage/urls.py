from django.urls import path

from . import views

urlpatterns = [
    path("t/<str:token>/maal/<int:seat>/", views.maal_preview, name="maal_preview"),
]
