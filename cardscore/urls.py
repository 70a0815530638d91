from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("games.urls")),
]

# A failure shows a page in the phone's language; a database or disk failure answers 503 (games/plumbing/faults.py).
handler500 = "games.plumbing.faults.server_error"
