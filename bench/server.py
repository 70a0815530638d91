"""What the HTTP benchmarks share: seeded tables and gunicorn on 127.0.0.1, started with the
repository's gunicorn.conf.py in a temporary data folder (or on DATABASE_URL)."""

import http.client
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PORT = int(os.environ.get("BENCH_PORT", "8765"))
# Debian's Chromium as the benchmarks drive it: nothing of its own on the network beside the page.
CHROMIUM_FLAGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa", "Esha", "Faris"]
SEEDED_HANDS = 500
ENV = {
    **os.environ,
    "CARDSCORE_DATA_DIR": os.environ.get("CARDSCORE_DATA_DIR") or tempfile.mkdtemp(prefix="cs-bench-"),
    "DJANGO_SETTINGS_MODULE": "cardscore.settings",
}
PYTHON = sys.executable


def database():
    return "PostgreSQL" if ENV.get("DATABASE_URL", "").startswith("postgres") else "SQLite"


def manage(*args):
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=ENV, check=True, stdout=subprocess.DEVNULL)


def django_output(code):
    """The last line a piece of Django code prints, as JSON."""
    out = subprocess.run(
        [PYTHON, "-c", "import django; django.setup()\n" + code],
        cwd=ROOT,
        env=ENV,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


# Code run by a source tree's Python (this one, or an earlier commit's in bench/saves.py): the
# owner account, and marriage_table(hands), a 6-player Marriage table of random hands imported
# through the table file (its services were one module before the kernel was split).
SEEDING = f"""
import json, random
from django.contrib.auth import get_user_model
try:
    from games.services.table_file import FORMAT, import_table
except ImportError:
    from games.services import FORMAT, import_table
if not get_user_model().objects.exists():
    get_user_model().objects.create_user("bench-owner")
rng = random.Random(24)
players = {PLAYERS!r}
def hand():
    winner = rng.choice(players)
    return {{name: {{"status": "winner" if name == winner else rng.choice(["seen", "unseen"]),
                    "maal": rng.randint(0, 20)}} for name in players}}
def marriage_table(hands):
    hands = [{{"inputs": hand()}} for _ in range(hands)]
    document = {{"format": FORMAT, "game": "marriage", "players": players, "hands": hands}}
    return import_table(document)[0]
"""


def prepare(tables):
    """Migrates, collects static files and seeds 6-player Marriage tables of SEEDED_HANDS random
    hands; returns their [keeper token, viewer token, revision]."""
    manage("migrate", "--noinput")
    manage("collectstatic", "--noinput")
    return django_output(
        SEEDING
        + f"""
tables = [marriage_table({SEEDED_HANDS}) for _ in range({tables})]
print(json.dumps([[table.keeper_token, table.viewer_token, table.revision] for table in tables]))
"""
    )


def hand_counts(keeper_tokens):
    return django_output(
        "from games.models import Table; import json; print(json.dumps("
        f"[Table.objects.get(keeper_token=t).hands.count() for t in {keeper_tokens!r}]))"
    )


def start():
    """gunicorn as deployed (gunicorn.conf.py), without an access log; what it logs (Django warns
    of every 409) goes to gunicorn.log in the data folder."""
    log = open(Path(ENV["CARDSCORE_DATA_DIR"]) / "gunicorn.log", "ab")  # noqa: SIM115 (open while the server runs)
    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "cardscore.wsgi", "--bind", f"127.0.0.1:{PORT}", "--log-level", "warning"],
        cwd=ROOT,
        env=ENV,
        stdout=log,
        stderr=log,
    )
    for _ in range(100):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2)
            connection.request("GET", "/health/")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("gunicorn did not start")


def stop(server):
    server.terminate()
    server.wait()


def worker_model():
    """How gunicorn.conf.py sets gunicorn up on this machine, for the report."""
    settings = {}
    if str(ROOT) not in sys.path:  # gunicorn.conf.py reads the settings' checks (cardscore.env)
        sys.path.insert(0, str(ROOT))
    exec((ROOT / "gunicorn.conf.py").read_text(), settings)
    return f"gunicorn {settings['workers']} {settings['worker_class']} workers × {settings['threads']} threads"


class Client:
    """One keep-alive connection that remembers its cookies (CSRF)."""

    def __init__(self):
        self.connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
        self.cookies = {}

    def request(self, method, path, body=None, headers=None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(headers or {})}
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, rest = value.split("=", 1)
            self.cookies[name] = rest.split(";", 1)[0]
        return response.status, data
