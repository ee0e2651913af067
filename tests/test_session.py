"""The session's preview judges a move as the engine will (issue: the window's preview
ignored what she had already sailed, and her damage)."""

from __future__ import annotations

import pytest

from tabletop.errors import IllegalAction
from tabletop.session import Session

from .helpers import table


def duel(tmp_path) -> Session:
    # a reaching (θ 90): 4/3 × 15 = 20 cm to sail, the whole of it owed
    return Session.open(
        table(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    )


def test_after_part_of_a_move_the_preview_counts_what_she_sailed(tmp_path):
    s = duel(tmp_path)
    s.play("move a F10")  # she stops to fire as she bears
    rest = s.preview("a", "F11")  # 10 + 11 = 21 > 20
    assert not rest.legal and "more than the allowance of 20" in rest.violations[0]
    with pytest.raises(IllegalAction, match="more than the allowance"):
        s.play("move a F11")  # the engine agrees
    ok = s.preview("a", "F10")
    assert ok.legal and ok.distance == pytest.approx(20) and ok.end.x == pytest.approx(70)
    s.play("move a F10")
    s.play("end")  # all 20 sailed: the turn may end


def test_a_partial_move_is_legal_in_a_game_and_says_what_is_owed(tmp_path):
    s = duel(tmp_path)
    m = s.preview("a", "F5")
    # legal to play now (she may fire and sail on); 20 are owed before the turn ends
    assert m.legal and m.plan.allowance_min == pytest.approx(20)
