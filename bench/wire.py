"""From the tap on Save to the next hand's form, on a phone: a 6-player Marriage table at 5 and at
500 hands, in Debian's Chromium with Lighthouse's mobile profile (150 ms round trip, 1.6 Mbit/s
down, 750 kbit/s up, the CPU 4× slower: the DevTools protocol's network and CPU emulation), and
again without the slow-downs to see where the time goes.

    .venv/bin/python bench/wire.py                 # SAVES saves per table size and profile
    .venv/bin/python bench/wire.py --saves 10 --no-write

Each save: a winner and six maal values typed into the form, a tap on Save, then the time until
the next hand's form is shown (its heading says the next hand and its first field has the focus,
measured at the next frame), and until the answer has been applied (the board, the totals and the
saved line; htmx's last settle, at the next frame). The page's own clock splits it: the tap to the
post leaving (the request's start in Resource Timing), the post to the last byte of its answer.
The floor is one round trip plus the answer's bytes on the wire (Resource Timing's
transferSize, headers included) at the profile's bandwidth. gunicorn serves as deployed
(bench/server.py), with compression as the app does it; the phone asks for gzip, deflate, br, zstd.
"""

import argparse
import os
import re
import statistics
import time

import server

SIZES = (5, 500)
SAVES = 25
PAUSE = 1.0  # s between saves: the live board polls meanwhile, as at a table
LIGHTHOUSE = {"latency": 150, "down": 1.6 * 1024 * 1024 / 8, "up": 750 * 1024 / 8, "cpu": 4}
TRACE = False
PROFILES = {"Lighthouse mobile": LIGHTHOUSE, "no slow-down": None}

# Marks the tap (the first touch on Save), the moment the next hand's form is shown and the moment
# the answer has been applied.
PROBE = """
() => {
  window.__bench = {};
  document.addEventListener("pointerdown", (event) => {
    if (event.target.closest("#entry-submit") && !window.__bench.tap) window.__bench.tap = event.timeStamp;
  }, true);
  document.addEventListener("focusin", (event) => {
    const bench = window.__bench;
    // The next hand's first field (cardscore.js focuses it), not Save, which htmx focuses again.
    if (!bench.tap || bench.shown || !event.target.matches("#new-hand form :is(input, select)")) return;
    if (!document.getElementById("entry-title").textContent.includes(bench.next)) return;
    requestAnimationFrame(() => { bench.shown = performance.now(); });
  });
  document.addEventListener("htmx:afterSettle", (event) => {
    const bench = window.__bench;
    if (!bench.tap || bench.applied || event.target !== event.detail.target) return;
    requestAnimationFrame(() => { bench.applied = performance.now(); });
  });
  // Where the phone's own time goes (--trace): each event's first moment after the tap.
  for (const name of ["click", "submit", "htmx:configRequest", "htmx:beforeRequest", "htmx:beforeOnLoad",
                      "htmx:beforeSwap", "htmx:oobBeforeSwap", "htmx:afterSwap", "htmx:afterSettle"]) {
    document.addEventListener(name, () => {
      const bench = window.__bench;
      if (bench.tap && !bench.shown) (bench.events = bench.events || {})[name] ??= performance.now() - bench.tap;
    }, true);
  }
}
"""

RESULT = """
() => {
  const bench = window.__bench;
  const posts = performance.getEntriesByType("resource").filter((entry) => /\\/hands\\/$/.test(entry.name));
  const post = posts[posts.length - 1];
  performance.clearResourceTimings();
  return { events: bench.events, tap: bench.tap, shown: bench.shown, applied: bench.applied,
           start: post.startTime, sent: post.requestStart,
           first: post.responseStart, end: post.responseEnd, wire: post.transferSize, body: post.encodedBodySize,
           decoded: post.decodedBodySize };
}
"""


def seed():
    server.manage("migrate", "--noinput")
    server.manage("collectstatic", "--noinput")
    return server.django_output(
        server.SEEDING + f"print(json.dumps([marriage_table(n).keeper_token for n in {list(SIZES)!r}]))"
    )


def save(page, number):
    """Types hand `number` and taps Save; returns the page's timings."""
    page.evaluate("(next) => { window.__bench = { next: String(next) }; }", number + 1)
    page.check("input[name=status-0][value=winner]", force=True)
    for seat in range(len(server.PLAYERS)):
        page.fill(f"#maal-{seat}", str((number + seat) % 13))
    page.tap("#entry-submit")
    page.wait_for_function("() => window.__bench.shown && window.__bench.applied", timeout=30000)
    return page.evaluate(RESULT)


def hand_number(page):
    return int(page.get_attribute("#entry-ids input[name=hand_number]", "value"))


def run(browser, token, profile, saves):
    context = browser.new_context(
        viewport={"width": 412, "height": 823},
        device_scale_factor=1.75,
        is_mobile=True,
        has_touch=True,
        extra_http_headers={"Accept-Encoding": "gzip, deflate, br, zstd"},
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if profile:
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": profile["latency"],
                "downloadThroughput": profile["down"],
                "uploadThroughput": profile["up"],
            },
        )
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    page.goto(f"http://127.0.0.1:{server.PORT}/t/{token}/", wait_until="load")
    page.evaluate(PROBE)
    page.wait_for_timeout(2000)  # the service worker installs, the first poll goes by
    timings = []
    for index in range(saves + 2):
        number = hand_number(page)
        result = save(page, number)
        if index >= 2:  # the first two warm the server and the page up
            timings.append(result)
            if TRACE:
                events = " ".join(f"{name.removeprefix('htmx:')} {at:.0f}" for name, at in result["events"].items())
                print(
                    f"  sent {result['sent'] - result['tap']:.0f} end {result['end'] - result['tap']:.0f} "
                    f"{events} shown {result['shown'] - result['tap']:.0f} "
                    f"applied {result['applied'] - result['tap']:.0f}",
                    flush=True,
                )
        page.wait_for_timeout(PAUSE * 1000)
    context.close()
    return timings


def summarize(timings, profile):
    median = lambda key: statistics.median(key(t) for t in timings)  # noqa: E731
    total = median(lambda t: t["shown"] - t["tap"])
    wire = median(lambda t: t["wire"])
    floor = (profile["latency"] + wire * 8 / (profile["down"] * 8) * 1000) if profile else None
    return {
        "total": total,
        "before": median(lambda t: t["sent"] - t["tap"]),
        "network": median(lambda t: t["end"] - t["sent"]),
        "waiting": median(lambda t: t["first"] - t["sent"]),
        "applied": median(lambda t: t["applied"] - t["tap"]),
        "wire": wire,
        "body": median(lambda t: t["body"]),
        "decoded": median(lambda t: t["decoded"]),
        "floor": floor,
        "low": min(t["shown"] - t["tap"] for t in timings),
        "high": max(t["shown"] - t["tap"] for t in timings),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=SAVES)
    parser.add_argument("--no-write", action="store_true", help="print the report, leave RESULTS.md alone")
    parser.add_argument("--profile", choices=list(PROFILES), action="append")
    parser.add_argument("--size", type=int, choices=SIZES, action="append")
    parser.add_argument("--trace", action="store_true", help="print when each htmx event came, save by save")
    arguments = parser.parse_args()
    global TRACE
    TRACE = arguments.trace
    from playwright.sync_api import sync_playwright

    tokens = seed()
    process = server.start()
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=server.CHROMIUM_FLAGS,
            )
            for name in arguments.profile or PROFILES:
                for size, token in zip(SIZES, tokens):
                    if arguments.size and size not in arguments.size:
                        continue
                    result = summarize(run(browser, token, PROFILES[name], arguments.saves), PROFILES[name])
                    rows.append((name, size, result))
                    print(name, size, {k: round(v, 1) if v else v for k, v in result.items()}, flush=True)
            browser.close()
    finally:
        server.stop(process)
    lines = [
        f"Run {time.strftime('%Y-%m-%d %H:%M')} · {server.database()} · {server.worker_model()} · "
        f"Chromium {chromium_version()} · median of {arguments.saves} saves each · {os.cpu_count()} cores",
        "",
        "| profile | hands | tap → next form (ms) | lowest–highest | floor (ms) | ratio | tap → post leaves | "
        "post → answer's last byte | tap → answer applied | answer on the wire / its body / uncompressed (B) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, size, r in rows:
        floor = f"{r['floor']:.0f}" if r["floor"] else "–"
        ratio = f"{r['total'] / r['floor']:.2f}" if r["floor"] else "–"
        lines.append(
            f"| {name} | {size} | {r['total']:.0f} | {r['low']:.0f}–{r['high']:.0f} | {floor} | {ratio} | "
            f"{r['before']:.0f} | {r['network']:.0f} | {r['applied']:.0f} | "
            f"{r['wire']:.0f} / {r['body']:.0f} / {r['decoded']:.0f} |"
        )
    report = "\n".join(lines)
    print(report)
    if arguments.no_write:
        return
    results_file = server.ROOT / "bench" / "RESULTS.md"
    previous = results_file.read_text()
    sections = [s for s in re.split(r"\n(?=## )", previous) if not s.startswith("## Tap to next form")]
    heading = "## Tap to next form on a phone (bench/wire.py)"
    results_file.write_text("\n".join(sections).rstrip() + f"\n\n{heading}\n\n{report}\n")


def chromium_version():
    import subprocess

    out = subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True).stdout
    match = re.search(r"[\d.]+", out)
    return match.group(0) if match else "?"


if __name__ == "__main__":
    main()
