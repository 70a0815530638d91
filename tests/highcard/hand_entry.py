"""The high card hand form: the card each player drew."""

from games.typed import whole_number


def form_context(table, number, inputs=None):
    return {"entry_title": f"Hand {number}", "entry_note": "", "submit_label": f"Save hand {number}"}


def rows(table, number, inputs=None):
    return [
        {"seat": seat, "name": name, "card": (inputs or {}).get(name, {}).get("card", "")}
        for seat, name in enumerate(table.seated_for(number))
    ]


def rows_from_post(data, table, number, base=None):
    return [{**row, "card": data.get(f"card-{row['seat']}", "")} for row in rows(table, number)]


def parse(data, table, number, base, problems):
    inputs = {}
    for seat, name in enumerate(table.seated_for(number)):
        with problems.check():
            inputs[name] = {"card": whole_number(data.get(f"card-{seat}"), blank=None, player=name, field="card")}
    return inputs
