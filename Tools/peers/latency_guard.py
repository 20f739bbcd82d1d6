#!/usr/bin/env python3
"""Latency guard: the keyed-list operations of `termini run Tools/bench/app` against the pty's echo floor.

The smallest form of the peer comparison (Tools/peers/README.md), run by ./Scripts/test: every operation of
docs/BENCH-PROTOCOL.md a few times in a real pty, each screen checked, its median time divided by the raw echo's
median measured in the same run (`pty_floor.py`), and its bytes counted. It fails when a ratio or a byte count is
more than `--tolerance` (50 %) above the recorded baseline (`latency-baseline.json`): loose enough for a noisy
machine, tight enough to catch a clear that went from 19 bytes to 1,261. Time regresses only when the ratio and
the time itself are both over (see `over`). An operation over its limit is measured
up to twice more and its best measurement counts, so a stalled minute on a shared machine does not fail the
build; a real regression is over every time.

The baseline belongs to the build the tests use (debug): record it again with `--record` after a change that is
meant to cost more, and say why in docs/PERFORMANCE.md.

Usage: python3 Tools/peers/latency_guard.py --termini .build/debug/termini [--runs 5] [--record]
Exit codes: 0 within the baseline, 1 a regression or a wrong screen (named), 2 bad usage, 3 pyte missing.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import harness  # noqa: E402  (exits 3 with a reason when pyte is missing)
import pty_floor  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_BASELINE = os.path.join(HERE, "latency-baseline.json")


def parse_args(argv: list[str]):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--termini", required=True, help="the termini binary to measure")
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help="baseline JSON (default: %(default)s)")
    parser.add_argument("--record", action="store_true", help="write this run's figures as the baseline")
    parser.add_argument("--runs", type=int, default=5, help="measured runs per operation (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs per operation first (default 1)")
    parser.add_argument("--floor-runs", type=int, default=100, help="keys for the echo floor (default 100)")
    parser.add_argument("--tolerance", type=float, default=0.5,
                        help="allowed rise over the baseline, as a fraction (default 0.5: 50 %%)")
    parser.add_argument("--ops", default="1,2,3,4,5,6,7,8,9", help="operations, e.g. 1,4,9 (default all nine)")
    args = parser.parse_args(argv)
    if not os.access(args.termini, os.X_OK):
        parser.error(f"--termini {args.termini!r} is not an executable file")
    if args.runs < 1 or args.warmup < 0 or args.floor_runs < 10:
        parser.error("--runs must be at least 1, --warmup at least 0 and --floor-runs at least 10")
    if not 0 < args.tolerance < 10:
        parser.error("--tolerance is a fraction such as 0.5")
    if not args.record and not os.path.exists(args.baseline):
        parser.error(f"no baseline at {args.baseline}: record one with --record")
    return args


def measure(args, op: int, floor_ms: float) -> dict:
    """One operation: median ms, its ratio to the floor, and median bytes."""
    harness_args = harness.parse_args([
        "--cmd", f"{args.termini} run Tools/bench/app", "--ops", str(op), "--runs", str(args.runs),
        "--warmup", str(args.warmup), "--ignore-right", "1", "--timeout", "120",
    ])
    result = harness.run_op(harness_args.commands, op, harness_args)[0]
    if result.error or not result.times:
        raise harness.AppDied(f"{result.name}: {result.error or 'no run finished'}")
    p50 = statistics.median(result.times)
    return {"op": result.name, "p50_ms": round(p50, 3), "ratio": round(p50 / floor_ms, 2),
            "bytes": int(statistics.median(result.bytes))}


def over(measured: dict, base: dict, tolerance: float, base_floor_ms: float) -> list[str]:
    """What of `measured` is more than `tolerance` above `base`.

    Time counts as regressed only when both the ratio to the floor and the time itself are over: the floor corrects
    for a slower machine, but it moves too (on a busy machine a core wakes for the echo faster than on an idle one,
    0.13 against 0.25 ms), and an echo that came out fast must not fail an operation that took its usual time.
    """
    problems = []
    base_ms = base["ratio"] * base_floor_ms
    if measured["ratio"] > base["ratio"] * (1 + tolerance) and measured["p50_ms"] > base_ms * (1 + tolerance):
        problems.append(f"ratio {measured['ratio']:.1f}× the floor (baseline {base['ratio']:.1f}×) and "
                        f"{measured['p50_ms']:.2f} ms (baseline {base_ms:.2f} ms)")
    if measured["bytes"] > base["bytes"] * (1 + tolerance):
        problems.append(f"{measured['bytes']} bytes, baseline {base['bytes']}")
    return problems


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    os.chdir(ROOT)
    try:
        ops = [int(part) for part in args.ops.split(",") if part.strip()]
    except ValueError:
        print(f"latency guard: --ops {args.ops!r}: expected numbers 1-9 separated by commas", file=sys.stderr)
        return 2
    recorded = {} if args.record else json.load(open(args.baseline))
    baseline = recorded.get("operations", {})
    base_floor_ms = recorded.get("floor_ms", 0.0)
    floor_ms = statistics.median(pty_floor.measure(args.floor_runs))
    print(f"latency guard: echo floor {floor_ms:.3f} ms p50 over {args.floor_runs} keys; "
          f"{args.runs} runs per operation after {args.warmup}; limit +{args.tolerance:.0%} over the baseline")
    print(f"{'operation':<22} {'p50 ms':>9} {'× floor':>9} {'baseline':>9} {'bytes':>7} {'baseline':>9}  verdict")
    figures, failures = {}, []
    for op in ops:
        try:
            measured = measure(args, op, floor_ms)
            base = baseline.get(measured["op"])
            problems = over(measured, base, args.tolerance, base_floor_ms) if base else []
            for _ in range(2):  # up to twice more: a stall of the shared machine is not a regression
                if not problems:
                    break
                again = measure(args, op, floor_ms)
                if len(over(again, base, args.tolerance, base_floor_ms)) < len(problems) or again["ratio"] < measured["ratio"]:
                    measured = again
                problems = over(measured, base, args.tolerance, base_floor_ms)
        except (harness.ScreenMismatch, harness.AppDied) as error:
            print(f"latency guard: FAILED: {error}", file=sys.stderr)
            return 1
        figures[measured["op"]] = {"ratio": measured["ratio"], "bytes": measured["bytes"]}
        verdict = "RECORDED" if args.record else ("ok" if base and not problems else
                                                  "no baseline" if not base else "REGRESSED: " + "; ".join(problems))
        print(f"{measured['op']:<22} {measured['p50_ms']:>9.2f} {measured['ratio']:>8.1f}× "
              f"{(str(base['ratio']) + '×') if base else '—':>9} {measured['bytes']:>7} "
              f"{base['bytes'] if base else '—':>9}  {verdict}", flush=True)
        if problems:
            failures.append(f"{measured['op']}: " + "; ".join(problems))
    if args.record:
        with open(args.baseline, "w") as out:
            json.dump({"recorded": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                       "machine": harness.machine(), "termini": args.termini, "floor_ms": round(floor_ms, 3),
                       "runs": args.runs, "operations": figures}, out, indent=2)
            out.write("\n")
        print(f"latency guard: baseline written to {os.path.relpath(args.baseline, ROOT)}")
        return 0
    if failures:
        print("latency guard: FAILED, more than "
              f"{args.tolerance:.0%} over the baseline ({os.path.relpath(args.baseline, ROOT)}):", file=sys.stderr)
        for failure in failures:
            print(f"  {failure}", file=sys.stderr)
        print("  If the cost is meant, record a new baseline with --record and say why in docs/PERFORMANCE.md.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
