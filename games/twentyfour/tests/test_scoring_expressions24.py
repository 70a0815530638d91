"""The 24 Game's typed expressions: tokens, parsing, exact values, checks as they grow
(docs/rules/twentyfour.md)."""

from fractions import Fraction

import pytest

from scoring import expressions24
from tests.fixtures import error_of


def value_of(text):
    return expressions24.evaluate(expressions24.parse(expressions24.tokenize(text)))


# --- tokenizer, parser, evaluator ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2+3*4", 14),
        ("(2+3)*4", 20),
        ("8-3-2", 3),
        ("8-(3-2)", 7),
        ("8/4/2", 1),
        ("8/(4/2)", 4),
        ("2*3+4*5", 26),
        ("13-2*(3+4)", -1),
        ("1/3+1/6", Fraction(1, 2)),
        ("((7))", 7),
        ("12 \u00d7 2 \u00f7 1 \u2212 1", 23),
        ("K - A * J", 2),
    ],
)
def test_precedence_brackets_and_symbols(text, value):
    assert value_of(text) == value


def test_exact_division():
    value = expressions24.check_answer("8/(3-8/3)", [3, 3, 8, 8])
    assert value == 24 and isinstance(value, Fraction)
    assert expressions24.check_answer("8 \u00f7 (3 \u2212 8 \u00f7 3)", ["8", "3", "8", "3"]) == 24
    assert expressions24.check_answer("1/3+4+6", [6, 4, 3, 1]) == Fraction(31, 3)
    assert expressions24.check_answer("8/(3-8/3) =", [3, 3, 8, 8]) == 24


def test_tokens():
    assert expressions24.tokenize(" 13\u00d7(A \u2212 2)") == [13, "*", "(", 1, "-", 2, ")"]
    assert expressions24.parse(["8", "/", "(", "3", "-", "8", "/", "3", ")"]) == ("/", 8, ("-", 3, ("/", 8, 3)))


@pytest.mark.parametrize("text", ["3/(8-8)+3", "(3+3)/(8-8)", "3/(3/(8-8))", "8/(3-3)/8"])
def test_division_by_zero(text):
    assert "division by zero" in str(error_of(expressions24.check_answer, text, [3, 3, 8, 8]))
    assert "division by zero" in str(error_of(expressions24.parse, expressions24.tokenize(text)))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("8+", "cannot end with '+'"),
        ("(8+3", "'(' is not closed"),
        ("8+3)", "')' without '('"),
        ("8 3", "a card cannot follow a card"),
        ("()", "empty brackets"),
        ("8(3+1)", "'(' cannot follow a card"),
        ("(3+1)8", "a card cannot follow ')'"),
        ("8+*3", "'*' cannot follow '+'"),
        ("(+8)", "'+' cannot follow '('"),
        ("(8+)", "')' cannot follow '+'"),
        ("-8+3", "no unary minus"),
        ("8=3", "'=' can only end"),
    ],
)
def test_malformed(text, message):
    error = error_of(lambda: expressions24.parse(expressions24.tokenize(text)))
    assert message in error.text and error.field == "expression"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8%3", "unknown symbol '%'"),
        ("2^3", "unknown symbol '^'"),
        ("8x3", "unknown symbol 'x'"),
        ("sqrt(9)", "unknown symbol 'sqrt'"),
        ("8.5+1", "unknown symbol '.'"),
        ("14+10", "'14' is not a card"),
        ("0+8", "'0' is not a card"),
        ("08+8", "'08' is not a card"),
        ("35-11", "'35' is not a card"),
    ],
)
def test_unknown_tokens(text, message):
    assert message in error_of(expressions24.tokenize, text).text


def test_over_long():
    assert "too long" in error_of(expressions24.tokenize, "(" * 150 + "8" + ")" * 150).text
    assert "too long" in error_of(expressions24.parse, expressions24.tokenize("(" * 20 + "8" + ")" * 20)).text
    assert "too long" in error_of(expressions24.check_partial, ["("] * 100, [1, 2, 3, 4]).text
    assert "too long" in error_of(expressions24.check_answer, "1+" * 150 + "1", [1, 2, 3, 4]).text


@pytest.mark.parametrize(
    ("text", "deal", "message"),
    [
        ("6*4*1*1", [1, 3, 4, 6], "1 is used more times than dealt"),
        ("6*4*1*2", [1, 3, 4, 6], "2 is not a dealt card"),
        ("8/(3-8/8)", [3, 3, 8, 8], "8 is used more times than dealt"),
        ("6*4", [1, 3, 4, 6], "not used yet: 1, 3"),
        ("8*3", [3, 3, 8, 8], "not used yet: 3, 8"),
    ],
)
def test_cards_must_be_the_deal_each_once(text, deal, message):
    assert message in error_of(expressions24.check_answer, text, deal).text


def test_wrong_answers_have_their_value():
    assert expressions24.check_answer("6*4*(3-1)", [1, 3, 4, 6]) == 48


@pytest.mark.parametrize(
    ("expression", "deal"),
    [(None, [1, 2, 3, 4]), ("1+2+3+4", [1, 2, 3]), ("1+2+3+4", [1, 2, 3, 14]), ("1+2+3+4", "1234")],
)
def test_bad_call(expression, deal):
    error_of(expressions24.check_answer, expression, deal)


# --- checking as the expression grows ----------------------------------------------------------


@pytest.mark.parametrize(
    ("tokens", "message"),
    [
        (["8", "+", "\u00d7"], "'*' cannot follow '+'"),
        (["8", "3"], "a card cannot follow a card"),
        (["8", ")"], "')' without '('"),
        (["8", "+", "3", "="], "not used yet: 3, 8"),
        (["8", "/", "(", "3", "-", "8", "/", "3", "="], "'(' is not closed"),
        (["8", "/", "(", "3", "-", "3", ")"], "division by zero"),
        (["8", "+", "="], "cannot end with '+'"),
        (["8", "=", "+"], "'=' can only end"),
        (["9"], "9 is not a dealt card"),
        (["8", "+", "8", "+", "8"], "8 is used more times than dealt"),
        (["?"], "unknown symbol '?'"),
    ],
)
def test_partial_says_what_is_wrong_at_once(tokens, message):
    assert message in error_of(expressions24.check_partial, tokens, [3, 3, 8, 8]).text


@pytest.mark.parametrize("tokens", [None, "8+3", 8])
def test_partial_wants_a_list(tokens):
    assert "list of tokens" in error_of(expressions24.check_partial, tokens, [3, 3, 8, 8]).text


def test_partial_accepts_a_growing_expression():
    tokens = ["8", "\u00f7", "(", "3", "\u2212", "8", "\u00f7", "3", ")"]
    for end in range(len(tokens) + 1):
        assert expressions24.check_partial(tokens[:end], [3, 3, 8, 8]) is None
    assert expressions24.check_partial([*tokens, "="], [3, 3, 8, 8]) == 24
    assert expressions24.check_partial([8, "+", 8, "+", 3, "+", 3, "="], [3, 3, 8, 8]) == 22
    assert expressions24.check_partial(["K", "*", "2", "-", "A", "-", "A", "="], ["K", "2", "A", "A"]) == 24
