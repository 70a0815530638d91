"""A bounded soak: 60 s of mixed reads and hand posts against gunicorn on 127.0.0.1.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardscore_soak .venv/bin/python bench/soak.py

16 connections for SOAK_SECONDS (default 60): each mostly reads (scoreboard, live polls) and
posts the next hand of its own table, and sometimes re-posts a hand number already used (as a
second phone would), which must be refused with 409. At the end: zero errors (no 5xx, no
unexpected 4xx), and the hands in the database equal the successful posts, table by table.
Exits non-zero otherwise. Only 127.0.0.1 is contacted.
"""

import os
import random
import threading
import time

import server

SECONDS = float(os.environ.get("SOAK_SECONDS", "60"))
CONNECTIONS = 16


def hand_body(number):
    winner = random.choice(server.PLAYERS)
    fields = {"hand_number": str(number)}
    for seat, player in enumerate(server.PLAYERS):
        fields[f"status-{seat}"] = "winner" if player == winner else random.choice(["seen", "unseen"])
        fields[f"maal-{seat}"] = str(random.randint(0, 20))
    return "&".join(f"{k}={v}" for k, v in fields.items())


def main():
    tokens = server.prepare(CONNECTIONS)
    process = server.start()
    accepted = [0] * len(tokens)
    problems, counts = [], {"reads": 0, "posts": 0, "refused_duplicates": 0}
    lock = threading.Lock()
    stop = time.monotonic() + SECONDS

    def worker(index):
        keeper, viewer, revision = tokens[index]
        client = server.Client()
        client.request("GET", f"/t/{keeper}/")
        next_number, mine = server.SEEDED_HANDS + 1, {"reads": 0, "posts": 0, "refused_duplicates": 0}
        while time.monotonic() < stop:
            roll = random.random()
            headers = {
                "Content-Type": "application/x-www-form-urlencoded",
                "X-CSRFToken": client.cookies["csrftoken"],
                "Referer": f"http://127.0.0.1:{server.PORT}/",
            }
            if roll < 0.6:
                path = random.choice([f"/t/{viewer}/", f"/t/{viewer}/live/?revision={revision}", "/health/"])
                status, _body = client.request("GET", path)
                mine["reads"] += 1
                if status not in (200, 204):
                    problems.append(("GET", path, status))
            elif roll < 0.9 or next_number == server.SEEDED_HANDS + 1:
                status, _body = client.request("POST", f"/t/{keeper}/hands/", hand_body(next_number), headers)
                mine["posts"] += 1
                if status in (200, 302):
                    next_number += 1
                    accepted[index] += 1
                else:
                    problems.append(("POST", next_number, status))
            else:
                status, _body = client.request("POST", f"/t/{keeper}/hands/", hand_body(next_number - 1), headers)
                mine["refused_duplicates"] += 1
                if status != 409:
                    problems.append(("duplicate POST", next_number - 1, status))
        with lock:
            for key in counts:
                counts[key] += mine[key]

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(tokens))]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.stop(process)
    stored = server.hand_counts([keeper for keeper, _viewer, _revision in tokens])
    expected = [server.SEEDED_HANDS + count for count in accepted]
    print(
        f"{SECONDS:.0f} s, {len(tokens)} connections: {counts['reads']} reads, {counts['posts']} posts "
        f"({sum(accepted)} recorded), {counts['refused_duplicates']} duplicate posts refused; "
        f"errors: {len(problems)}; hands stored = successful posts: {stored == expected}"
    )
    if problems or stored != expected:
        print("problems:", problems[:10], "stored:", stored, "expected:", expected)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
