"""The Hypothesis strategies of the tests, in one place: what random input
the property tests draw from (a test file imports the ones it uses)."""

from __future__ import annotations

from hypothesis import strategies as st

from core.event.model import (
    BuildPhase,
    ClockState,
    DeckCheck,
    DeckRecord,
    DraftSeat,
    Event,
    Match,
    OpenedPack,
    Penalty,
    Player,
    Pool,
    Round,
    Staff,
)
from core.names import has_visible

# -- text a user can type ----------------------------------------------------------------------


HOSTILE_TEXTS = [
    "[/]",
    "[red]赤[/red]",
    "[@click=app.quit]x[/]",
    "\x1b]0;title\x07",
    "a\nb",
    "\r",
    "\x00",
    "山田\u200b太郎",
    "山田　太郎",
    "\u202e",
    "x" * 10_000,
    " ",
    "-",
    "--x",
    "p1",
    "id:p1",
    "name:",
    "😀👍🏽",
    "e\u0301",
    "\ud7ff",
    "\U0010fffd",
]


hostile_texts = st.one_of(
    st.sampled_from(HOSTILE_TEXTS),
    st.text(max_size=80),
    st.text(alphabet=st.sampled_from("[]/@=.\\ ab赤\x1b\n\u200b"), max_size=20),
)


# -- event files -------------------------------------------------------------------------------


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-3, 12),
        st.floats(allow_nan=False),
        st.text(max_size=12),
        st.sampled_from(["p1", "p2", "p9", "bye", "draw", "p1 ", "", "swiss", "top"]),
    ),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=5), kids, max_size=3),
    max_leaves=6,
)


MUTATION_OPS = ("swap", "delete", "extra", "nest")


mutations = st.tuples(st.integers(0, 10**6), st.sampled_from(MUTATION_OPS), st.integers(0, 9))


# names a desk can store: letters and digits with something visible (docs/names.md L-TEXT-VISIBLE
# refuses a name of Hangul fillers only, which are letters, category Lo)
storable_names = st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N")), min_size=1, max_size=8).filter(
    has_visible
)


@st.composite
def events(draw):
    n = draw(st.integers(2, 9))
    raw = draw(st.lists(storable_names, min_size=n, max_size=n, unique_by=lambda s: s.casefold()))
    from core.names import fold_name as name_key

    if len({name_key(x) for x in raw}) != n:
        raw = [f"P{i}" for i in range(n)]
    ids = [f"p{i}" for i in range(1, n + 1)]
    match = draw(st.sampled_from(["bo3", "bo1"]))
    results = (
        [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 0), (1, 0, 0), (0, 0, 1)]
        if match == "bo3"
        else [(1, 0, 0), (0, 1, 0), (0, 0, 0), (0, 0, 1)]
    )
    rounds = []
    n_rounds = draw(st.integers(0, 3))
    for r in range(1, n_rounds + 1):
        order = draw(st.permutations(ids))
        ms = []
        for t in range(len(order) // 2):
            w1, w2, d = draw(st.sampled_from(results))
            last = r == n_rounds and draw(st.booleans())
            outcome = None if last else ("p1" if w1 > w2 else "p2" if w2 > w1 else "draw")
            if outcome is None:
                w1 = w2 = d = 0
            ms.append(Match(t + 1, order[2 * t], order[2 * t + 1], w1, w2, d, outcome))
        if len(order) % 2:
            ms.append(Match(len(ms) + 1, order[-1], None, 2, 0, 0, "bye"))
        rounds.append(Round(r, "swiss", tuple(ms)))
    last = {i: max([r.number for r in rounds for m in r.matches if i in m.players()], default=0) for i in ids}
    # a dropped player is paired in no round after the drop (G-DROP-1; import checks it)
    players = tuple(
        Player(i, nm, draw(st.one_of(st.none(), st.integers(last[i], n_rounds))), draw(st.booleans()))
        for i, nm in zip(ids, raw)
    )
    pens = tuple(
        Penalty(
            draw(st.sampled_from(ids)),
            None,
            None,
            draw(st.sampled_from(["notice", "warning"])),
            "none",
            draw(storable_names),
            "judge",
        )
        for _ in range(draw(st.integers(0, 2)))
    )
    return Event(
        id="e1",
        name=draw(storable_names),
        date="2026-11-30",
        match=match,
        minutes=draw(st.integers(20, 100)),
        rounds_planned=draw(st.one_of(st.none(), st.integers(1, 9))),
        tiebreakers=tuple(draw(st.permutations(["op", "omw", "gw", "ogw"]))[: draw(st.integers(0, 4))]),
        staff=Staff("org", ("j1", "hj"), "hj"),
        players=players,
        rounds=tuple(rounds),
        penalties=pens,
        sanctioned=draw(st.booleans()),
        spectating=draw(st.booleans()),
    )


# -- decklists and limited events --------------------------------------------------------------


card_numbers = st.builds(
    lambda p, n, s: f"{p}-{n:04d}{s}",
    st.sampled_from(["CH", "EV", "IT", "AR"]),
    st.integers(1, 9999),
    st.sampled_from(["", "", "A"]),
)


decklist_lines = st.lists(
    st.tuples(st.integers(1, 60), card_numbers, st.sampled_from(["", "名前", "x"])), min_size=1, max_size=5
)


times = st.sampled_from(["2026-11-30T13:00:00+09:00", "2026-11-30T13:05:30+09:00", "2026-11-30T14:00:00+00:00"])


@st.composite
def limited_events(draw):
    """Events with decklists and deck checks, and (sealed/draft) a build
    phase, pods and pools: every field the new keys carry."""
    kind = draw(st.sampled_from(["constructed", "sealed", "draft"]))
    n = draw(st.integers(2, 6))
    ids = [f"p{i}" for i in range(1, n + 1)]
    players = tuple(Player(i, f"P{i}") for i in ids)
    with_list = draw(st.lists(st.sampled_from(ids), unique=True))
    decklists = tuple(
        DeckRecord(
            p,
            tuple(draw(decklist_lines)),
            tuple(draw(st.one_of(st.just([]), decklist_lines))),
            draw(st.sampled_from(["", "a.txt", "b.csv"])),
        )
        for p in with_list
    )
    checks = tuple(
        DeckCheck(
            draw(st.sampled_from(ids)),
            0,
            tuple(
                (draw(st.sampled_from(["deck", "spare"])), draw(card_numbers), a, a + draw(st.integers(1, 3)))
                for a in draw(st.lists(st.integers(0, 4), max_size=3))
            ),
            draw(st.sampled_from(["", "J"])),
            draw(times),
            "",
        )
        for _ in range(draw(st.integers(0, 2)))
    )
    build, pods, pools = None, (), ()
    if kind != "constructed":
        clock = draw(
            st.one_of(
                st.none(),
                st.builds(
                    ClockState,
                    st.integers(1, 90),
                    times,
                    st.sampled_from(
                        [
                            (),
                            (("2026-11-30T13:10:00+09:00", None),),
                            (("2026-11-30T13:10:00+09:00", "2026-11-30T13:12:00+09:00"),),
                        ]
                    ),
                ),
            )
        )
        product = draw(st.sampled_from(["2s", "1s3b"])) if kind == "sealed" else ""
        packs = (2 if product == "2s" else 4) if kind == "sealed" else draw(st.integers(4, 6))
        build = BuildPhase(
            kind,
            "alpha",
            draw(st.integers(1, 60)),
            draw(times),
            product,
            packs,
            draw(st.one_of(st.none(), st.integers(0, 2**31))),
            clock,
            draw(st.one_of(st.none(), times)),
            draw(st.sampled_from(["", "O"])),
        )
        if kind == "draft":
            pods = (tuple(DraftSeat(f"P{i}", i) for i in ids) + (DraftSeat("Bot 1", None),),)
        with_pool = draw(st.lists(st.sampled_from(ids), unique=True))
        pl = []
        for p in with_pool:
            cards = tuple(draw(st.lists(card_numbers, min_size=1, max_size=8)))
            opened = ()
            if kind == "sealed" and draw(st.booleans()):
                cut = draw(st.integers(0, len(cards)))
                opened = (OpenedPack("starter", cards[:cut], "alpha-snow-moon"), OpenedPack("booster", cards[cut:]))
            pl.append(
                Pool(p, kind, "alpha", cards, product, packs, draw(st.one_of(st.none(), st.integers(0, 99))), opened)
            )
        pools = tuple(pl)
    return Event(
        id="e1",
        name="Cup",
        date="2026-11-30",
        kind=kind,
        players=players,
        staff=Staff("O", ("J",), "J"),
        decklists=decklists,
        deck_checks=checks,
        build=build,
        pods=pods,
        pools=pools,
        decklists_required=draw(st.booleans()),
    )


# -- storage -----------------------------------------------------------------------------------


byte_flips = st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(1, 255)), min_size=1, max_size=4)


# -- results and penalties ---------------------------------------------------------------------


batch_results = st.lists(
    st.tuples(st.integers(0, 8), st.integers(0, 3), st.integers(0, 3), st.integers(0, 1), st.booleans()), max_size=12
)


penalties = st.tuples(
    st.sampled_from(["p1", "p2", "p3", "p4"]),
    st.sampled_from(["caution", "notice", "warning"]),
    st.sampled_from(["none", "game_loss", "match_loss"]),
)


# -- members and seasons -----------------------------------------------------------------------


kana_names = st.text(alphabet="あいうえおかきくけこさしすせそ田中佐藤", min_size=1, max_size=6)


season_rules = st.one_of(
    st.builds(lambda w, d, lo, a: f"win={w},draw={d},loss={lo},attend={a}", *[st.integers(0, 5)] * 4),
    st.builds(lambda a, b, c, at: f"1={a},2={b},3-4={c},attend={at}", *[st.integers(0, 20)] * 4),
)


# -- text on screen ----------------------------------------------------------------------------


WRAP_NAME = "佐々木 美加子"


wrap_texts = st.lists(
    st.sampled_from(list("あいうえおかきくけこ漢字名前、。「」（）ょっー ab-G1·で") + [WRAP_NAME]), max_size=40
).map("".join)


# -- cards -------------------------------------------------------------------------------------


restriction_pieces = st.sampled_from(
    [
        "【",
        "】",
        "[",
        "]",
        "日",
        "無",
        "SME",
        "LO-6000",
        "～",
        "〜",
        "禁止:",
        "「",
        "」",
        "が",
        "枚以上",
        "枚以下",
        "このカードと同番号",
        "EX",
        "コスト",
        "点",
        "以上",
        "で",
        "の",
        "キャラ",
        "・",
        "1",
        "4",
        "9" * 5000,
        " ",
        "\t",
        "\n",
        "枚",
        "合計",
        "枚数",
        "カード番号",
        "LO-0101",
        "0101",
        "CH-0063",
        "spare:",
        "#",
        ",",
        "x",
    ]
)
