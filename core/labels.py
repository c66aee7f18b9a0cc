"""Words for the code's internal values (docs/app.md).

The event file and the actions store short English codes (``swiss``, ``bo3``,
``game_loss``, ``no_winner`` ...).  A code never goes into a sentence shown to
staff as it is: it goes through the one label function of its enum here, so
the Japanese reads 決勝トーナメント, 2本先取, ゲーム敗北, 勝者なし.  Refusals that echo
what the user typed (``{x!r}``) and lists of the values the command line takes
(``choose one of start, pause ...``) keep the codes on purpose: those are what
the user types.

Each function returns an unknown value unchanged (an event file written by a
later version must still display).  Every msgid here is a literal, so the
catalog test finds it; :data:`LABELS` lists each function with its enum, so the
tests can render every sentence with every value.
"""

from __future__ import annotations

import re
from datetime import datetime

from core.event import tiebreakers
from core.event.model import (
    APPEAL_OUTCOMES,
    GAME_CODES,
    KINDS,
    LATE_DECISIONS,
    LATE_RULES,
    MATCH_TYPES,
    OUTCOMES,
    OVERTURE_PENALTY_LEVELS,
    PENALTY_ACTIONS,
    RULE_SETS,
    SEALED_PRODUCTS,
    STAGES,
    TIEBREAKERS,
)
from core.i18n import _, join_list, join_sentences, language

PLAYER_STATUSES = ("active", "dropped", "excluded")
ID_DECISIONS = ("replay", "no_winner")
CLOCK_OPS = ("start", "pause", "resume", "extend")
BUILD_OPS = ("open", "start", "pause", "resume", "close", "override")
BUILD_STATES = ("none", "open", "building", "paused", "closed")
DECKLIST_STATUSES = ("none", "registered", "problems")
SECTIONS = ("deck", "spare")
CARD_TYPES = ("character", "event", "item", "area")
ATTRIBUTES = ("snow", "moon", "flower", "space", "sun", "star")
#: Event settings an ``edit`` action may change (``lycee event set``, the app's settings).
EDIT_FIELDS = (
    "name",
    "date",
    "kind",
    "match",
    "rounds_planned",
    "minutes",
    "tiebreakers",
    "rules",
    "sanctioned",
    "decklists_required",
    "spectating",
    "phone_reports",
    "staff",
)


def kind_label(kind: str) -> str:
    """An event kind or pool kind: 構築戦 / シールド戦 / ブースタードラフト戦."""
    return {"constructed": _("constructed"), "sealed": _("sealed"), "draft": _("draft")}.get(kind, kind)


def kind_short(kind: str) -> str:
    """An event kind or pool kind as one word, for a narrow column (構築 / シールド / ドラフト)."""
    return {"constructed": _("Constructed"), "sealed": _("Sealed"), "draft": _("Draft")}.get(kind, kind)


def match_label(match: str) -> str:
    """A match type: BO3 / BO1 in English, 2本先取 / 1本先取 in Japanese (G-BO3, G-BO1)."""
    return {"bo3": _("BO3"), "bo1": _("BO1")}.get(match, match)


def rules_label(rules: str) -> str:
    """An event's rule set (O-RULES): the 2008 guideline, or Lycee Overture."""
    return {"2008": _("2008 guideline"), "overture": _("Overture")}.get(rules, rules)


def stage_label(stage: str) -> str:
    """A round's stage: the Swiss rounds, the top cut (決勝トーナメント), a playoff (決定戦)."""
    return {"swiss": _("Swiss"), "top": _("top"), "playoff": _("playoff")}.get(stage, stage)


def player_status_label(status: str, rules: str = "2008", tr=_) -> str:
    """A player's status: 参加中 / 途中棄権 / 除外 (失格 under the Overture rules, O-PEN-2); ``tr``: a web
    page's own catalog."""
    _ = tr
    if rules == "overture" and status == "excluded":
        return _("disqualified")
    return {"active": _("active"), "dropped": _("dropped"), "excluded": _("excluded")}.get(status, status)


def rank_text(rank: int | None) -> str:
    """A Swiss rank as every face prints it: 「-」 for a player left out of the ranking (O-PEN-2)."""
    return "-" if rank is None else str(rank)


def table_text(match) -> str:
    """The table a player goes to, as the pages players read print it: 「-」 for a bye, which is
    played at no table (its number only orders the list)."""
    return "-" if match.p2 is None else str(match.table)


def penalty_level_label(level: str) -> str:
    """A penalty: 注意 (notice) / 警告 (warning) (G-PEN-2); 訓告 (caution, not recorded) under Overture (O-PEN-1)."""
    return {"notice": _("notice"), "warning": _("warning"), "caution": _("caution")}.get(level, level)


def penalty_action_label(action: str, rules: str = "2008") -> str:
    """What goes with a penalty (罰則): ゲーム敗北 / 試合敗北 / 除外; under the
    Overture rules the exclusion is 失格, with or without 戦績の抹消 (O-PEN-2)."""
    if rules == "overture" and action in ("exclusion", "exclusion_struck"):
        return {"exclusion": _("disqualification"), "exclusion_struck": _("disqualification, record struck")}[action]
    return {
        "none": _("no further action"),
        "game_loss": _("game loss"),
        "match_loss": _("match loss"),
        "exclusion": _("exclusion"),
        "exclusion_struck": _("exclusion, record struck"),
        "other": _("other"),
    }.get(action, action)


def appeal_outcome_label(outcome: str) -> str:
    """The head judge's ruling on an appeal (裁定申請): 維持 / 撤回 / 変更."""
    return {"upheld": _("upheld"), "overturned": _("overturned"), "changed": _("changed")}.get(outcome, outcome)


def id_decision_label(decision: str) -> str:
    """The organizer's call on an intentionally drawn elimination match (G-ID-3)."""
    return {"replay": _("replay"), "no_winner": _("no winner")}.get(decision, decision)


def late_decision_label(decision: str) -> str:
    """A lateness prompt confirmed or dismissed at the desk (G-LATE-1/2)."""
    return {"confirm": _("confirmed"), "dismiss": _("dismissed")}.get(decision, decision)


def late_rule_label(rule: str) -> str:
    """A lateness rule in words, with its id."""
    return {
        "G-LATE-1": _("not seated within 5 minutes (G-LATE-1)"),
        "G-LATE-2": _("late and not reported within 30 minutes (G-LATE-2)"),
    }.get(rule, rule)


def clock_op_label(op: str) -> str:
    """What was done to a round's match timer."""
    return {
        "start": _("match timer started"),
        "pause": _("match timer paused"),
        "resume": _("match timer resumed"),
        "extend": _("match timer extended"),
    }.get(op, op)


def build_op_label(op: str) -> str:
    """What was done to the deck-building phase or its timer."""
    return {
        "open": _("build phase opened"),
        "start": _("building timer started"),
        "pause": _("building timer paused"),
        "resume": _("building timer resumed"),
        "close": _("build phase closed"),
        "override": _("head judge override"),
    }.get(op, op)


def build_state_label(state: str) -> str:
    """Where the deck-building phase stands (``time_up``: open, its timer run out)."""
    return {
        "none": _("none"),
        "open": _("open"),
        "building": _("building"),
        "paused": _("paused"),
        "closed": _("closed"),
        "time_up": _("time is up"),
    }.get(state, state)


def decklist_status_label(status: str) -> str:
    """A player's decklist: none, registered, or registered with problems."""
    return {"none": _("none"), "registered": _("registered"), "problems": _("problems")}.get(status, status)


def section_label(section: str) -> str:
    """A decklist section: the deck or the spare cards."""
    return {"deck": _("deck"), "spare": _("spare")}.get(section, section)


def product_label(product: str) -> str:
    """A sealed product (G-SEALED): its code in English (what ``--product`` takes), in
    Japanese スターター2パック / スターター1パック＋ブースター3パック."""
    return {"2s": _("2s"), "1s3b": _("1s3b")}.get(product, product)


def product_contents(product: str) -> str:
    """What a sealed product opens (G-SEALED), in words: "2 starters", "1 starter + 3
    boosters" (スターターデッキ2個 / スターターデッキ1個＋ブースター3パック)."""
    return {"2s": _("2 starters"), "1s3b": _("1 starter + 3 boosters")}.get(product, product)


def tiebreaker_label(tb: str) -> str:
    """A tiebreaker by the guideline's name (G-TIE-1; core.event.tiebreakers)."""
    known = tiebreakers.TIEBREAKERS.get(tb)
    return known.label() if known is not None else tb


def card_type_label(card_type: str) -> str:
    """A card type: キャラクター / イベント / アイテム / エリア."""
    return {"character": _("character"), "event": _("event"), "item": _("item"), "area": _("area")}.get(
        card_type, card_type
    )


def attribute_label(attr: str) -> str:
    """An attribute's name (雪 is snow)."""
    return {
        "snow": _("snow"),
        "moon": _("moon"),
        "flower": _("flower"),
        "space": _("space"),
        "sun": _("sun"),
        "star": _("star"),
    }.get(attr, attr)


def edit_field_label(field: str) -> str:
    """An event setting changed by an ``edit`` action."""
    return {
        "name": _("event name"),
        "date": _("date"),
        "kind": _("event kind"),
        "match": _("match format"),
        "rounds_planned": _("Swiss rounds"),
        "minutes": _("match time"),
        "tiebreakers": _("tiebreakers"),
        "rules": _("rule set"),
        "sanctioned": _("sanctioned"),
        "decklists_required": _("decklists required"),
        "spectating": _("spectating"),
        "phone_reports": _("phone reports"),
        "staff": _("staff"),
    }.get(field, field)


def result_label(text: str) -> str:
    """A match result as entered: games won-lost (2-1), or ``id`` for an intentional draw."""
    return _("intentional draw") if text.strip().lower() == "id" else text


def game_label(code: str, p1: str = "", p2: str = "") -> str:
    """One game's result (GAME_CODES); with the players' names when they are known."""
    a = p1 or _("player 1")
    b = p2 or _("player 2")
    return {
        "p1": _("{name} won the game", name=a),
        "p2": _("{name} won the game", name=b),
        "draw": _("drawn game"),
        "concede-p1": _("{name} conceded the game", name=a),
        "concede-p2": _("{name} conceded the game", name=b),
        "loss-p1": _("{name} lost the game by a penalty", name=a),
        "loss-p2": _("{name} lost the game by a penalty", name=b),
    }.get(code, code)


def match_outcome_label(outcome: str, p1: str = "", p2: str = "") -> str:
    """A finished match: who won, a draw, a bye or a double loss."""
    if outcome == "p1":
        return _("{name} wins", name=p1 or _("player 1"))
    if outcome == "p2":
        return _("{name} wins", name=p2 or _("player 2"))
    return {"draw": _("draw"), "double_loss": _("double loss"), "bye": _("bye")}.get(outcome, outcome)


#: Why a match was decided without being played (the first word of a match note).
_NOTE_WHY = ("drop", "excluded", "penalty", "late")


def id_ruling(note: str) -> tuple[str, str]:
    """The staff ruling a match note records, as (rule, who): ("G-ID-2", head judge) for an
    intentional draw allowed after the start, ("G-ID-3", organizer) for a final without a
    winner; ("", "") for any other note."""
    m = re.fullmatch(r"ID \(head judge (.+) overrode G-ID-2\)", note)
    if m:
        return "G-ID-2", m[1]
    m = re.fullmatch(r"ID: no winner, decided by (.+) \(G-ID-3\)", note)
    if m:
        return "G-ID-3", m[1]
    m = re.fullmatch(r"ID \(not started at the clock: judge (.+)\)", note)
    if m:
        return "G-ID-1", m[1]
    return "", ""


def note_label(note: str) -> str:
    """A match's stored note (``ID``, ``late G-LATE-1``, ``third_place`` ...) in words,
    for the pairings screen and the scorecard's remarks."""
    if not note:
        return ""
    if note == "ID":
        return _("intentional draw")
    rule, name = id_ruling(note)
    if rule in ("G-ID-2", "G-ID-3"):
        return _ruling_words(rule, name)
    timed = time_decision_words(note)
    if timed is not None:
        return timed
    if rule == "G-ID-1":
        return _ruling_words(rule, name)
    simple = {
        "third_place": _("third-place match"),
        "third_place_planned": _("third-place match planned"),
        "replay": _("replay"),
    }
    return simple.get(note) or _why_words(note)


def _ruling_words(rule: str, name: str) -> str:
    """An intentional draw or no-winner ruling (G-ID-1, G-ID-2, G-ID-3) with who made it."""
    if rule == "G-ID-2":
        return _("intentional draw after the match start, allowed by the head judge {name} (G-ID-2)", name=name)
    if rule == "G-ID-3":
        return _("no winner, decided by the organizer {name} (G-ID-3)", name=name)
    return _("intentional draw; the table had not started at the clock, as judge {name} saw (G-ID-1)", name=name)


def _why_words(note: str) -> str:
    """A note ``WHY G-RULE`` (dropped, excluded, penalty, late) in words; any other note as it is."""
    why, _sp, rule = note.partition(" ")
    if why not in _NOTE_WHY or not rule.startswith("G-"):
        return note
    text = {"drop": _("dropped"), "excluded": _("excluded"), "penalty": _("penalty"), "late": _("late")}[why]
    return _("{why} ({rule})", why=text, rule=rule)


def decklist_source_label(source: str) -> str:
    """Where a registered decklist came from: a file name as given, or the bot builder."""
    if source == "deck-builder":  # limited.event.BUILDER_SOURCE
        return _("built in the deck builder")
    if source == "phone":  # core.rules.decklists.PHONE_SOURCE
        return _("entered on the player's phone")
    return _("built by the bot") if source == "bot-built" else source


def time_label(at: str | None) -> str:
    """A time stored in the log (ISO 8601) as the desk reads it: 14:02:11 (the date is the event's)."""
    try:
        return datetime.fromisoformat(str(at)).strftime("%H:%M:%S")
    except ValueError:
        return str(at)


def is_no_winner(note: str) -> bool:
    """The match was decided with no winner by the organizer (G-ID-3); in a final, the event
    has no champion (優勝者不在)."""
    return note.startswith("ID: no winner")


#: How a time-out with equal game wins in an elimination match was settled
#: (core.rules.results ``time_decision``): the match note begins with one of them.
TIME_EXTRA_GAME = "time out: extra game"
TIME_WINNER_NAMED = "time out: winner named"


def is_named_winner(note: str) -> bool:
    """The organizer named the winner of an elimination match at time with
    equal game wins (G-SE): its outcome is not what its games give."""
    return note.startswith(TIME_WINNER_NAMED)


def time_decision_words(note: str) -> str | None:
    """A time-out decision's match note in words (the scorecard's 備考), else None."""
    m = re.match(r"time out: (extra game|winner named) at (\d+-\d+(?:-\d+)?) by (.*?)(?:: (.*))?$", note, re.S)
    if m is None:
        return None
    kind, score, by, reason = m.groups()
    if kind == "extra game":
        return _("time out at {score}: extra game ordered by {by}", score=score, by=by)
    return _("time out at {score}: winner named by {by} ({reason})", score=score, by=by, reason=reason or "")


def staff_doing_label(doing: str) -> str:
    """What a sanctioned event cannot do without its staff (:func:`core.rules.staff.check_staff`)."""
    return {"start": _("start"), "be paired": _("be paired"), "start its clock": _("start its clock")}.get(doing, doing)


#: How far a player went (core.tournament.elimination.Placing.reached).
PLACINGS = ("winner", "final", "third_place", "semi-final", "quarter-final", "round-of-16", "swiss")


def _best_of(reached: str) -> int | None:
    """The N of ベストN for a player who lost in round ``reached`` (semi-final 4,
    quarter-final 8, round-of-N N), or None."""
    best = {"semi-final": 4, "quarter-final": 8}.get(reached)
    if best is None and reached.startswith("round-of-") and reached[9:].isdigit():
        return int(reached[9:])
    return best


def placing_label(reached: str, place: int | None = None, tr=_, size: int | None = None) -> str:
    """A final placing in words (G-SE), the same on the desk, ``lycee standings``, every
    export, the phones and the TV: 優勝, 準優勝, 3位 and 4位 where the third-place match was
    played (``place`` tells which), ベスト4 for both semi-final losers without one, ベスト8,
    ベスト16 ...; スイスドロー5位 for a player outside the cut, whose place is his Swiss rank
    (スイスドロー when ``place`` is not given).  ``tr``: the catalog of a web
    page's own language (``T._`` of tui.web.pages) instead of the process's.  ``size``: the
    bracket's real size (core.tournament.elimination.cut_size): a quarter-final loser of a
    top 5 is ベスト5, not ベスト8 (issue 46 item 11)."""
    _ = tr
    if reached == "third_place":
        return _("4th place") if place == 4 else _("3rd place")
    best = _best_of(reached)
    if best is not None:
        return _("top {n}", n=min(best, size) if size else best)
    if reached == "swiss" and place is not None:  # outside the cut: the Swiss record people expect
        return _("Swiss rank {n}", n=place)
    return {"winner": _("champion"), "final": _("runner-up"), "swiss": _("Swiss")}.get(reached, reached)


def place_label(place: int, place_to: int | None = None, tr=_) -> str:
    """A final place as every face prints it (G-SE, issue 48): ``3``; a place the
    losers of one elimination round share, no match having ordered them (both
    semi-final losers without a third-place match, the quarter-final losers), as
    its first and last: ``3-4`` (「3～4」).  ``place_to``: the last place it runs to
    (core.tournament.ranking.shared_places, ``"places"`` of ``standings --json``);
    ``tr``: a web page's own catalog."""
    _ = tr
    if place_to is None or place_to <= place:
        return str(place)
    return _("{first}-{last}", first=place, last=place_to)


def final_place_words(places, reached: str, place: int, tr=_, size: int | None = None) -> tuple[str, str]:
    """A final placing as every face prints it (G-SE, issue 48): its place, ``3-4``
    where players no match ordered share it (``places``: its first and last, as
    ``standings --json`` gives them), and how far the player went (優勝, 3位, ベスト4 ...;
    ``place`` tells 3位 from 4位, ``size`` is the cut's); ``tr``: a web page's catalog."""
    first, last = places
    return place_label(first, last, tr), placing_label(reached, place, tr, size)


def listed(items, words: bool = False) -> str:
    """A list for a sentence (core.i18n.join_list): 「1、2、3」, names 「佐藤・店長」 with ``words``."""
    return join_list(items, words)


def sentences(items) -> str:
    """Whole sentences one after the other (core.i18n.join_sentences): 「…です。…です」."""
    return join_sentences(items)


#: The actors the program itself records (core.desk's default, the demo), not a staff name.
ACTORS = ("desk", "demo")


def actor_label(actor: str) -> str:
    """Who did an action (``lycee log``, the journal, 「…が終了」): the desk's own default
    actor in words (受付, デモ); a player or judge from a phone (``player p3 (phone)``,
    ``judge 佐藤 (phone)``, as the web pages write them) in the current language; a
    staff name as it was typed."""
    phone = re.fullmatch(r"(player|judge) (.+) \(phone\)", actor)
    if phone:
        who = phone.group(2)
        return _("player {id} (phone)", id=who) if phone.group(1) == "player" else _("judge {name} (phone)", name=who)
    return {"desk": _("desk"), "demo": _("demo"), "cli": _("command line")}.get(actor, actor)


def side_label(side: str | None) -> str:
    """A table's side as people read it: プレイヤー1 / player 1 (``p1`` reads as the player id p1);
    sentences add 側 / "'s side" around it (``lycee reports``, the log, the reports queue)."""
    return {"p1": _("player 1"), "p2": _("player 2")}.get(side or "", side or "-")


def choices(values, label) -> str:
    """The values a command line takes, as typed, each with its label in Japanese:
    ``start（試合タイマー開始）, pause（…）``; in English the bare values."""
    if language() == "en":
        return ", ".join(values)
    out = []
    for v in values:
        text = label(v)
        out.append(v if text == v else _("{value} ({label})", value=v, label=text))
    return join_list(out)


#: Each label function with every value its enum can take (for the tests and the glossary).
LABELS = {
    kind_label: KINDS,
    match_label: MATCH_TYPES,
    rules_label: RULE_SETS,
    stage_label: STAGES,
    player_status_label: PLAYER_STATUSES,
    penalty_level_label: OVERTURE_PENALTY_LEVELS,
    penalty_action_label: PENALTY_ACTIONS,
    appeal_outcome_label: APPEAL_OUTCOMES,
    id_decision_label: ID_DECISIONS,
    late_decision_label: LATE_DECISIONS,
    late_rule_label: LATE_RULES,
    clock_op_label: CLOCK_OPS,
    build_op_label: BUILD_OPS,
    build_state_label: (*BUILD_STATES, "time_up"),
    decklist_status_label: DECKLIST_STATUSES,
    section_label: SECTIONS,
    product_label: SEALED_PRODUCTS,
    tiebreaker_label: TIEBREAKERS,
    card_type_label: CARD_TYPES,
    attribute_label: ATTRIBUTES,
    edit_field_label: EDIT_FIELDS,
    result_label: ("2-1", "1-1-1", "id"),
    game_label: GAME_CODES,
    match_outcome_label: OUTCOMES,
    staff_doing_label: ("start", "be paired", "start its clock"),
    decklist_source_label: ("bot-built", "phone"),
    actor_label: ACTORS,
    side_label: ("p1", "p2"),
    placing_label: PLACINGS,
    note_label: (
        "ID",
        "ID (head judge 山田 overrode G-ID-2)",
        "ID: no winner, decided by 山田 (G-ID-3)",
        "ID (not started at the clock: judge 山田)",
        "third_place",
        "third_place_planned",
        "replay",
        "drop G-DROP-2",
        "excluded G-PEN-3",
        "penalty G-PEN-1",
        "late G-LATE-1",
    ),
}
