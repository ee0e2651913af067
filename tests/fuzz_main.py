"""``make fuzz``: run many hostile cases through the CLI and count what went wrong.

    python -m tests.fuzz_main [CASES] [--limit SECONDS] [--show N]

Each case runs in-process through ``tabletop.shell.cli.main`` with a time limit (SIGALRM)
and a memory limit (RLIMIT_AS), so a hang or a runaway is counted, not waited on.  The
counts printed last (tracebacks, hangs, wrong exit codes, non-JSON outputs, exit-0 runs
with stderr, user errors longer than one line or quoting too much, files destroyed,
hostile input taken, good input refused, output that does not read back; of the tampered
saves, a lie accepted, an honest save refused or a note not said) must all be 0; the exit
status is 1 otherwise, and the first few failures of each kind are shown.  Two cases in
five are ``tests.fuzzing``'s, one ``tests.fuzz_files``'s (special files, control
characters, seeds, ids, sizes), one ``tests.fuzz_saves``' (tampered saves) and one
``tests.fuzz_costs``' (cost bombs: terrain, ships, file sizes, absurd numbers, options
and logs past their bounds, each refused at once, or at a bound exactly, accepted); and
one in fifty of all is ``tests.fuzz_play``'s, a game played by the legal list that must
replay, save and check.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.fuzz_costs import cost_cases
from tests.fuzz_files import file_cases
from tests.fuzz_play import legal_games
from tests.fuzz_saves import tampered_saves
from tests.fuzzing import Case, Outcome, cases, run_case

KINDS = (
    "traceback",
    "hang",
    "wrong_exit",
    "non_json",
    "exit0_stderr",
    "not_one_line",
    "too_long",  # a user error's line quoting input without a bound
    "destroyed",  # a file the command had to leave alone was replaced or changed
    "not_refused",  # hostile input (a control character, a FIFO as output...) taken
    "not_accepted",  # good input (an odd id that is one word) refused
    "unreadable",  # what the command wrote did not read back
    "tamper_accepted",
    "honest_refused",
    "unsaid",
)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="?", type=int, default=10_000)
    ap.add_argument("--limit", type=float, default=10.0, help="seconds per case")
    ap.add_argument("--show", type=int, default=3, help="failures of each kind to show")
    ap.add_argument("--memory", type=int, default=3072, help="address space limit, MB")
    args = ap.parse_args(argv)
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    try:
        import resource

        limit = args.memory * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass

    counts: Counter[str] = Counter()
    shown: dict[str, list[tuple[Case, Outcome]]] = {k: [] for k in KINDS}
    slowest: list[tuple[float, str]] = []
    sites: Counter[str] = Counter()
    start = time.perf_counter()

    hostile = st.one_of(cases(), cases(), file_cases(), tampered_saves(), cost_cases())
    # one case in fifty a game played by the legal list (each takes a second or so)
    mixed = st.integers(0, 49).flatmap(lambda k: legal_games() if k == 0 else hostile)

    @settings(
        max_examples=args.cases,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=mixed)
    def one(case: Case) -> None:
        t0 = time.perf_counter()
        outcome = run_case(case, limit=args.limit)
        dt = time.perf_counter() - t0
        slowest.append((dt, " ".join(case.argv)[:120]))
        slowest.sort(reverse=True)
        del slowest[5:]
        counts["cases"] += 1
        counts[outcome.kind] += 1
        counts[f"exit {outcome.code}"] += 1
        if outcome.site:
            sites[f"{outcome.kind} {outcome.site}"] += 1
        if outcome.kind in shown and len(shown[outcome.kind]) < args.show:
            shown[outcome.kind].append((case, outcome))
        if counts["cases"] % 1000 == 0:
            print(f"  {counts['cases']} cases, {time.perf_counter() - start:.0f} s", flush=True)

    one()
    elapsed = time.perf_counter() - start
    for kind in KINDS:
        for case, outcome in shown[kind]:
            print(f"--- {kind}: {case.argv} (data folder: {case.data})")
            print(outcome.detail.rstrip()[-2000:])
    for site, n in sites.most_common():
        print(f"{n:6d} {site}")
    print(f"slowest cases: {', '.join(f'{dt:.2f} s' for dt, _ in slowest)}")
    print(
        f"cases: {counts['cases']} in {elapsed:.0f} s "
        f"(exit 0: {counts['exit 0']}, exit 2: {counts['exit 2']})"
    )
    for kind in KINDS:
        print(f"{kind.replace('_', ' ')}: {counts[kind]}")
    print(f"known crashes in files this branch may not edit (reported): {counts['known']}")
    return 1 if any(counts[k] for k in KINDS) or counts["cases"] < args.cases else 0


if __name__ == "__main__":
    sys.exit(main())
