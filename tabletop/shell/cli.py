"""The ``tabletop`` command line (SPEC §3).

Query commands import only the headless core, and that lazily, so a ruling starts about
as fast as shapely itself; only ``play``, ``setup`` and ``render`` load the window
stack.  Every user error is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import re
import sys
import warnings
from pathlib import Path
from typing import Any

from tabletop.data.files import output_target  # small: the outputs every writer checks
from tabletop.shell.drill import drill_parser
from tabletop.shell.output import HelpWidth, dumps, emit, scenario

EXIT_USAGE = 2
NEW_DATA_HELP = "replay a save whose scenario or data changed since, and say what changed"


def cmd_check(args: argparse.Namespace) -> int:
    from tabletop.common.errors import DataErrors, TabletopError, message_line
    from tabletop.game.load import load_scenario

    if args.scenario.endswith(".json"):
        return _check_save(args)
    if args.on_new_data:
        raise TabletopError("--on-new-data: expected a saved game (GAME.json), found a scenario")

    try:
        scn = load_scenario(args.scenario)
    except DataErrors as e:
        if args.json:
            print(dumps({"ok": False, "problems": [message_line(str(x)) for x in e.errors]}))
        for x in e.errors:
            print(message_line(str(x)), file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(
            dumps(
                {
                    "ok": True,
                    "scenario": scn.name,
                    "ruleset": scn.ruleset.name,
                    "ships": len(scn.ships),
                    "problems": [],
                }
            )
        )
    else:
        n, t = len(scn.ships), len(scn.terrain)
        print(
            f"{args.scenario}: ok ({scn.name}: {scn.ruleset.name}, {n} ship{'s' * (n != 1)}, "
            f"{t} terrain piece{'s' * (t != 1)})"
        )
    return 0


def _check_save(args: argparse.Namespace) -> int:
    """Verify a saved game: its shape, its claims, then its replay to the saved state."""
    from tabletop.game.proof import verdict
    from tabletop.game.session import Session

    session = Session.load(args.scenario, args.on_new_data)
    state = session.game.state if session.game is not None else None
    data, lines = verdict(session.scenario, len(session.actions), state, session.proof)
    emit(args, data, "\n".join([f"{args.scenario}: ok ({lines[0]})", *lines[1:]]))
    return 0


def cmd_sail(args: argparse.Namespace) -> int:
    from tabletop.referee.rulings import sail, sail_text

    d = sail(scenario(args.scenario), args.ship)
    emit(args, d, sail_text(d))
    return 0


def cmd_measure(args: argparse.Namespace) -> int:
    from tabletop.referee.rulings import measure, measure_text

    d = measure(scenario(args.scenario), args.a, args.b)
    emit(args, d, measure_text(d))
    return 0


def cmd_fire(args: argparse.Namespace) -> int:
    from tabletop.referee.fire import rule_fire

    r = rule_fire(scenario(args.scenario), args.firer, args.target, high=args.high)
    emit(args, r.as_json(), r.text())
    return 0


def cmd_move(args: argparse.Namespace) -> int:
    from tabletop.referee.movement import preview

    if args.output is not None:  # before the ruling: never over the scenario read
        output_target(args.output, [("scenario", args.scenario)])
    scn = scenario(args.scenario)
    r = preview(scn, args.ship, " ".join(args.path))
    data = r.as_json()
    if args.output:
        from tabletop.data.save import save_scenario

        save_scenario(scn.source, args.output, {args.ship: r.end})
        data["saved"] = args.output
    emit(args, data, r.text() + (f"\n  saved to {args.output}" if args.output else ""))
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from tabletop.common.errors import TabletopError
    from tabletop.game.game import Game, go_on, replay
    from tabletop.game.logs import read_game_log
    from tabletop.game.report import event_text, state_report, state_text

    reasons: list[str] = []
    if args.ai and args.load:
        raise TabletopError("run --ai: plays from a scenario and a log, not with --load")
    if args.undo < 0:
        raise TabletopError(f"--undo: expected a number of actions ≥ 0, found {args.undo}")
    if args.save is not None and not args.save.strip():
        raise TabletopError("--save: expected a file name, found ''")
    log_path = args.scenario if args.load else args.log
    # the files this command reads (a save may be continued in place: it is not here)
    reads = [(w, p) for w, p in (("log", log_path), ("scenario", args.scenario)) if p]
    reads = reads[:1] if args.load else reads
    for out in (args.save, args.position):  # before the replay: none written wastes none
        if out:
            output_target(out, reads)
    if args.load:  # continue a saved game: the one positional is the log
        if args.log is not None:
            raise TabletopError("run --load GAME.json LOG: expected one log after the save")
        game = Game.load(args.load, args.on_new_data)
        reasons = game.proof.notes() if game.proof else []  # what it could not show
        if log_path is not None:  # without a log: the saved game alone
            go_on(game, read_game_log(log_path), log_path)
    else:
        if args.scenario is None or args.log is None:  # (--load GAME.json: a log if any)
            raise TabletopError("run SCENARIO LOG: expected a scenario and a log")
        if args.on_new_data:
            raise TabletopError("run --on-new-data: replays a saved game, with --load")
        scn = scenario(args.scenario)
        log = read_game_log(args.log)
        if args.ai:
            from tabletop.ai.autopilot import play_log

            game = Game.new(scn, log.seed)
            played = play_log(game, list(log.actions), args.ai, args.log)
            reasons = [d.reason for d in played if d.reason]
        else:
            game = replay(scn, log.actions, log.seed, where=args.log, lines=log.lines)
    for _ in range(min(args.undo, len(game.actions))):  # more than were played: all
        game.undo()
    if args.save:
        game.save(args.save, reads)
    if args.position:  # the position as a scenario of its own, for the queries
        from tabletop.game.position import write_position

        reasons = [*reasons, *write_position(game.state, args.position, reads)]
    data = {
        **state_report(game.state),
        "actions": [str(a) for a in game.actions],
        "events": game.events,
    }
    if args.ai:
        data["reasons"] = reasons
    elif args.load or args.position:
        data["notes"] = reasons
    text = "\n".join([*(event_text(e) for e in game.events), *reasons, "", state_text(game.state)])
    emit(args, data, text)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from tabletop.data.paths import default_scenario

    path = args.scenario or str(default_scenario())
    scenario(path)  # a missing or bad file is one line, exit 2, before any window opens

    def play() -> int:
        from tabletop.view.app import run

        return run(path, args.ai)

    return _windowed(play, "the command-line rulings work without one")


def cmd_setup(args: argparse.Namespace) -> int:
    setup = _setup(args)  # a bad file or a bad table is one line, exit 2, before a window

    def open_setup() -> int:
        from tabletop.view.app import run_setup

        return run_setup(setup)

    return _windowed(open_setup, "a scenario can be written by hand (docs/cli.md)")


def _windowed(open_window: Any, instead: str) -> int:
    """Run a window; where none can open here (no display, no OpenGL), say so in one
    line with what works ``instead``.  Its own refusals pass through as they are."""
    from tabletop.common.errors import TabletopError

    try:
        return int(open_window())
    except TabletopError:
        raise
    except Exception as e:
        why = f"cannot open a window here ({type(e).__name__}: {e}); "
        raise TabletopError(why + instead) from None


def _setup(args: argparse.Namespace) -> Any:
    """The set-up to open: a scenario file, or with ``--new`` an empty table (saved to
    SCENARIO when one is named, which must not exist yet)."""
    from tabletop.common.errors import TabletopError
    from tabletop.game.setup import Setup
    from tabletop.rules import known, names

    given = [f for f in ("ruleset", "units", "table") if getattr(args, f) is not None]
    if not args.new:
        if given:
            raise TabletopError(f"--{given[0]}: a new table's, with --new")
        if not args.scenario:
            raise TabletopError(
                "expected a scenario to set up, or --new --ruleset R --units in|cm --table WxD"
            )
        return Setup.open(args.scenario)
    missing = [f"--{f}" for f in ("ruleset", "units", "table") if f not in given]
    if missing:
        raise TabletopError(f"--new: expected {', '.join(missing)} as well")
    if not known(args.ruleset):
        known_names = ", ".join(names())
        raise TabletopError(f"--ruleset: expected one of {known_names}, found {args.ruleset!r}")
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*", args.table)
    if m is None or not float(m[1]) > 0 < float(m[2]):
        raise TabletopError(
            "--table: expected WIDTHxDEPTH in the table's unit, such as 36x24, "
            f"found {args.table!r}"
        )
    if args.scenario and Path(args.scenario).exists():
        raise TabletopError(f"{args.scenario}: exists already: set it up without --new")
    setup = Setup.new(args.ruleset, args.units, float(m[1]), float(m[2]))
    setup.path = args.scenario or None
    return setup


def cmd_render(args: argparse.Namespace) -> int:
    from tabletop.common.errors import TabletopError
    from tabletop.shell.limits import render_size
    from tabletop.view.render import render

    w, h = render_size(args.size)
    ruling = None
    if args.ruling:
        if ":" not in args.ruling:
            raise TabletopError(f"--ruling: expected FIRER:TARGET, found {args.ruling!r}")
        a, b = args.ruling.split(":", 1)
        ruling = (a, b)
    from tabletop.view.render import OVERLAYS

    overlays = None
    if args.overlays is not None:
        overlays = tuple(o for o in args.overlays.split(",") if o)
        bad = [o for o in overlays if o not in OVERLAYS]
        if bad:
            raise TabletopError(
                f"--overlays: expected some of {','.join(OVERLAYS)}, found {bad[0]!r}"
            )
    output_target(args.output, [("scenario", args.scenario)])  # before the window opens
    render(args.scenario, args.output, (w, h), args.select, ruling, overlays)
    print(args.output)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from tabletop.shell.bench import run_bench
    from tabletop.shell.limits import bench_sizes

    bench_sizes(args.ships)
    return run_bench(json_out=args.json, sizes=args.ships, window=args.window)


def cmd_duel(args: argparse.Namespace) -> int:
    from tabletop.ai.duel import duel, summary_text
    from tabletop.shell.limits import duel_counts

    duel_counts(args.games, args.turns, args.jobs)
    s = duel(
        args.scenario, args.side or [], args.games, args.seed, args.turns, args.jobs, args.logs
    )
    emit(args, s, summary_text(s))
    return 0


#: Every subcommand, in the order ``--help`` lists them (a test holds it to the parser).
COMMANDS = (
    "play", "setup", "check", "sail", "measure", "fire", "move",
    "run", "render", "drill", "duel", "bench",
)  # fmt: skip


class _Unused:
    """Stands in for a subcommand's parser that this run does not need: its arguments
    are not built, so a query does not pay to build the whole command line."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        pass

    def set_defaults(self, **kwargs: Any) -> None:
        pass


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only`` (a subcommand's name), that subcommand's
    arguments alone are built, the others listed by name (a query starts faster)."""
    p = _Parser(
        prog="tabletop",
        description="Exact rulings for Age-of-Sail naval miniatures.",
        formatter_class=HelpWidth,
    )
    sub = p.add_subparsers(dest="command", required=True)

    def cmd(name: str, fn: Any, help: str, json_flag: bool = True) -> Any:
        if only is not None and name != only:
            return _Unused()
        sp = sub.add_parser(name, help=help, description=help, formatter_class=HelpWidth)
        sp.set_defaults(fn=fn)
        if json_flag:
            sp.add_argument("--json", action="store_true", help="print one JSON object")
        return sp

    _queries(cmd)
    _games(cmd)
    return p


Command = Any  # the ``cmd`` helper of build_parser: adds one subcommand


def _queries(cmd: Command) -> None:
    """The referee's queries and the window."""
    sp = cmd("play", cmd_play, "open the table window", json_flag=False)
    sp.add_argument("scenario", nargs="?", help="scenario file (default: the built-in one)")
    sp.add_argument(
        "--ai", action="append", metavar="SIDE[:LEVEL]", help="the computer plays this side"
    )
    sp = cmd("setup", cmd_setup, "set up a table in the window, saved as a scenario",
             json_flag=False)  # fmt: skip
    sp.add_argument("scenario", nargs="?", help="the scenario to set up (--new: where it goes)")
    sp.add_argument("--new", action="store_true", help="an empty table")
    sp.add_argument("--ruleset", help="the new table's rules (e.g. hold-fast)")
    sp.add_argument("--units", choices=("in", "cm"), help="the new table's unit")
    sp.add_argument("--table", metavar="WxD", help="the new table's size, e.g. 36x24")
    sp = cmd("check", cmd_check, "validate a scenario (or verify a saved game, GAME.json)")
    sp.add_argument("scenario", help="a scenario TOML, or a saved game (.json) to replay")
    sp.add_argument("--on-new-data", action="store_true", help=NEW_DATA_HELP)
    sp = cmd("sail", cmd_sail, "point of sail and movement allowance")
    sp.add_argument("scenario")
    sp.add_argument("ship")
    sp = cmd("measure", cmd_measure, "distances and bearings between two ships")
    sp.add_argument("scenario")
    sp.add_argument("a")
    sp.add_argument("b")
    sp = cmd("fire", cmd_fire, "arc, range, band, line of fire, rake and odds")
    sp.add_argument("scenario")
    sp.add_argument("firer")
    sp.add_argument("target")
    sp.add_argument("--high", action="store_true", help="firing high, at the rigging")
    sp = cmd("move", cmd_move, "preview a move: end pose, legality, first collision")
    sp.add_argument("scenario")
    sp.add_argument("ship")
    sp.add_argument("path", nargs="+", help="path tokens, e.g. F2 S30 F12.5")
    sp.add_argument("-o", "--output", help="write the scenario with the ship moved here")


def _games(cmd: Command) -> None:
    """Playing: logs, pictures, the drill, the bench."""
    sp = cmd("run", cmd_run, "replay a game log: the final state and the events")
    sp.add_argument("scenario", nargs="?", help="the scenario (with --load: the log, if any)")
    sp.add_argument(
        "log", nargs="?", help="one action per line ('move amazon F2 S30 F12', 'fire ...', 'end')"
    )
    sp.add_argument("--load", metavar="GAME.json", help="continue this saved game with the log")
    sp.add_argument("--on-new-data", action="store_true", help=NEW_DATA_HELP)
    sp.add_argument(
        "--ai",
        action="append",
        metavar="SIDE[:LEVEL]",
        help="the computer plays this side (scripted, captain or admiral) wherever it is to act",
    )
    sp.add_argument("--save", help="also write the game as a saved game (JSON)")
    sp.add_argument(
        "--position", metavar="OUT.toml", help="also write where it stands now as a scenario"
    )
    sp.add_argument(
        "--undo",
        type=int,
        default=0,
        metavar="N",
        help="take back the last N actions before reporting",
    )
    sp = cmd("render", cmd_render, "draw the table to a PNG, headless", json_flag=False)
    sp.add_argument("scenario")
    sp.add_argument("-o", "--output", required=True, help="PNG file to write")
    sp.add_argument("--select", help="ship to select (sectors, arcs, bands)")
    sp.add_argument("--ruling", help="FIRER:TARGET: draw the fire ruling with its proof")
    sp.add_argument("--size", default="1100x760", help="WIDTHxHEIGHT in pixels")
    sp.add_argument(
        "--overlays",
        help="comma list of sectors,arcs,bands,lof,fan (default: sectors,arcs,bands,lof)",
    )
    drill_parser(cmd)
    sp = cmd("duel", cmd_duel, "computer against computer: paired games, strength figures")
    sp.add_argument("scenario")
    sp.add_argument(
        "--side", action="append", metavar="SIDE:LEVEL", help="scripted, captain or admiral"
    )
    sp.add_argument(
        "--games", type=int, default=20, help="games, in pairs (one level both sides: once a seed)"
    )
    sp.add_argument("--seed", type=int, default=1, help="dice seed of the first pair")
    sp.add_argument("--turns", type=int, default=30, help="turn limit: a draw after it")
    sp.add_argument("--jobs", type=int, default=1, help="games played at once")
    sp.add_argument(
        "--logs", metavar="DIR", help="write each game's log here (tabletop run replays it)"
    )
    sp = cmd("bench", cmd_bench, "performance figures")
    sp.add_argument(
        "--ships",
        type=int,
        nargs="*",
        default=[10, 50, 200],
        help="fleet sizes to time, at most three of 1 to 200 ships (default 10 50 200)",
    )
    sp.add_argument(
        "--window",
        action="store_true",
        help="frames per second of the window, headless, every overlay on",
    )


class _Parser(argparse.ArgumentParser):
    """Usage errors are one line on stderr (``tabletop move: error: ...``), status 2."""

    def error(self, message: str) -> Any:
        from tabletop.common.errors import message_line

        self.exit(EXIT_USAGE, message_line(f"{self.prog}: error: {message}") + "\n")


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help (0) or a usage error (2), already printed
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    from tabletop.common.errors import TabletopError, message_line

    try:
        # Degenerate geometry may make numpy or shapely warn; an answer is still an
        # answer, and a command that succeeds prints nothing on stderr.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            return int(args.fn(args) or 0)
    except TabletopError as e:
        print(message_line(f"tabletop {args.command}: {e}"), file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
