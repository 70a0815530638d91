"""Reading the environment (README: Configuration). One reader per kind of value; a value that
makes no sense stops the server with one line naming the variable (manage.py and wsgi.py print
it), never with a traceback or a silently different setting."""

import ipaddress
import math
import os
import zoneinfo
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url


class EnvError(Exception):
    """A variable's value makes no sense: the message is the one line to print."""


def _value(name):
    """The variable's value without surrounding spaces; None when unset or empty. NAME_FILE may
    name a file that holds the value instead (Docker's and systemd's secrets), so that a secret
    need not sit in the environment that `docker inspect` and /proc show."""
    path = os.environ.get(f"{name}_FILE", "").strip()
    if not path:
        return os.environ.get(name, "").strip() or None
    if os.environ.get(name, "").strip():
        raise EnvError(f"Set {name} or {name}_FILE, not both")
    try:
        return Path(path).read_text().strip() or None
    except OSError as error:
        raise EnvError(f"{name}_FILE: cannot read {path} ({error.strerror})") from None


def text(name, default=""):
    return _value(name) or default


def boolean(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    if value.strip().lower() in ("true", "1", "yes", "on"):
        return True
    if value.strip().lower() in ("false", "0", "no", "off", ""):
        return False
    raise EnvError(f"{name} must be true or false, not {value!r}")


def integer(name, default, minimum=1, maximum=None):
    value = _value(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise EnvError(f"{name} must be a whole number, not {value!r}") from None
    if number < minimum or (maximum is not None and number > maximum):
        between = f"from {minimum} to {maximum}" if maximum is not None else f"{minimum} or more"
        raise EnvError(f"{name} must be {between}, not {number}")
    return number


def items(name, default=""):
    """A comma-separated list."""
    return [item.strip() for item in (_value(name) or default).split(",") if item.strip()]


def host_names(name, default):
    hosts = items(name, default)
    for host in hosts:
        if "/" in host:
            raise EnvError(f"{name} takes host names such as cards.example.org, not addresses such as {host!r}")
    return hosts


def web_address(name):
    """An address such as https://cards.example.org or http://192.168.1.20:8000, without its
    trailing /; "" when unset."""
    value = _value(name)
    return _web_address(value, name) if value else ""


def web_addresses(name):
    return [_web_address(value, name) for value in items(name)]


def _web_address(value, name):
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path.strip("/") or parts.query:
        raise EnvError(f"{name} must be an address such as https://cards.example.org, not {value!r}")
    return value.rstrip("/")


def time_zone(name, default):
    value = _value(name) or default
    try:
        zoneinfo.ZoneInfo(value)
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):
        raise EnvError(f"{name} must be a time zone such as Asia/Kathmandu or UTC, not {value!r}") from None
    return value


def choice(name, default, choices):
    value = _value(name) or default
    if value.upper() not in choices:
        raise EnvError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
    return value.upper()


def database(name, default_url):
    """Django's DATABASES entry for the URL in `name`, with the options of its query string
    (?sslmode=require&connect_timeout=5) in OPTIONS. The value may hold a password: no message
    repeats it."""
    url = _value(name) or default_url
    example = "postgres://user:password@host:5432/name or sqlite:////path/to/file.sqlite3"
    if urlsplit(url).scheme not in ("postgres", "postgresql", "pgsql", "sqlite"):
        raise EnvError(f"{name} must be a PostgreSQL or SQLite address such as {example}")
    try:
        config = dj_database_url.parse(url, conn_max_age=600, conn_health_checks=True)
    except ValueError:
        raise EnvError(
            f"{name} is not a valid address (a password with @, : or / in it must be percent-encoded): e.g. {example}"
        ) from None
    if not config["NAME"]:
        raise EnvError(f"{name} names no database (the name goes at its end: {example})")
    # The password alone may come apart from the address, e.g. from a secret's file, unencoded.
    password = _value("DATABASE_PASSWORD")
    if password:
        config["PASSWORD"] = password
    return config


def available_cores(cgroup=Path("/sys/fs/cgroup"), own_cgroup=Path("/proc/self/cgroup")):
    """The cores this process can use: those it may run on (a container's cpuset), or fewer when
    a CPU quota (docker run --cpus, a Kubernetes limit) allows less time than that. os.cpu_count()
    counts the host's cores, however few a container may use."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    quota = cpu_quota(cgroup, own_cgroup)
    return max(1, min(cores, math.ceil(quota))) if quota else cores


def cpu_quota(cgroup, own_cgroup):
    """How many cores' worth of time the process's cgroup allows (cgroup v2, else v1); None for no limit."""
    try:
        lines = own_cgroup.read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        # Inside a container the process's own cgroup is usually mounted as the root.
        for folder in dict.fromkeys((path.lstrip("/"), "")):
            if controllers == "":  # v2: "150000 100000" (quota and period) or "max 100000"
                quota, period = (_read(cgroup / folder / "cpu.max") or "max 1").split()
            elif "cpu" in controllers.split(","):  # v1: a quota of -1 is none
                quota = _read(cgroup / controllers / folder / "cpu.cfs_quota_us") or "-1"
                period = _read(cgroup / controllers / folder / "cpu.cfs_period_us") or "1"
            else:
                continue
            if quota not in ("max", "-1"):
                return int(quota) / int(period)
    return None


def _read(path):
    try:
        return path.read_text().strip()
    except OSError:
        return None


def workers():
    # Python runs one thread of a process at a time, so cores are used by processes: one per core,
    # at least two so that one slow request never holds up every phone (gunicorn.conf.py).
    return integer("WEB_CONCURRENCY", max(2, available_cores()))


def threads():
    return integer("GUNICORN_THREADS", 2)


def networks(name, default):
    """A comma-separated list of addresses or networks (10.0.0.5, 172.16.0.0/12, ::1), or * for any."""
    values = items(name, default)
    if values == ["*"]:
        return [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
    try:
        return [ipaddress.ip_network(value, strict=False) for value in values]
    except ValueError:
        raise EnvError(
            f"{name} takes addresses or networks such as 10.0.0.5 or 172.16.0.0/12, or *, not {','.join(values)!r}"
        ) from None
