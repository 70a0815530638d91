"""A game's `hand_entry` module (rows / rows_from_post / parse) behind the interface of a
games.hand_forms.HandForm, for the games whose hand form is not yet a Django form."""

from scoring.errors import Problems

from .hand_forms import listed_problems


class EntryModuleForm:
    module = None  # the game's hand_entry module

    def __init__(self, table, number, inputs=None, data=None):
        self.table, self.number, self.base, self.data = table, number, inputs, data
        if data is None:
            self.rows = self.module.rows(table, number, inputs)
        else:
            self.rows = self.module.rows_from_post(data, table, number, inputs)
        for row in self.rows:
            row["problems"], row["invalid"] = [], set()

    def context(self):
        return self.module.form_context(self.table, self.number, self.base)

    def hand_inputs(self):
        table, number = self.table, self.number
        problems = Problems()
        inputs = None
        with problems.check():
            inputs = self.module.parse(self.data, table, number, self.base, problems)
        if problems and inputs is not None:
            if number == table.state["hands"] + 1:
                state = table.state
            else:
                state = table.state_before(table.hands.filter(number__lt=number).values_list("inputs", flat=True))
            with problems.check():
                table.engine.validate_hand(table.rules, state["seated"], inputs, hand=number, state=state)
        problems.raise_found()
        return inputs

    def page(self, error=None):
        listed = listed_problems(self.table, self.number, error) if error else []
        for row in self.rows:
            row["problems"] = [problem for problem in listed if problem["player"] == row["name"]]
            row["invalid"] = {problem["field"] for problem in row["problems"]}
        return {**self.context(), "rows": self.rows, "problems": listed}

    def shown(self):
        return self.rows


def entry_form(module):
    """The form class of a game whose hand entry is the module `module`."""
    return type(f"{module.__name__}.Form", (EntryModuleForm,), {"module": module, "__module__": module.__name__})
