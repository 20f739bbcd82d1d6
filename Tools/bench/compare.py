#!/usr/bin/env python3
"""The no-regression check of `./Scripts/bench --against REV`: reads the suite's "<measure> <value>" lines from
base.N and this.N (one pair per round, run alternately), prints each measure's medians and the ratio this/base, and
exits 1 when a measure is worse here by more than the threshold.

A measure is worse when it is higher (times, bytes, moves, memory), except rates, which are worse lower. On a shared
machine one slow round is noise, so a measure counts as regressed only when its median is past the threshold and
even its best round here is worse than the base's median."""
import argparse
import glob
import os
import re
import statistics
import sys

HIGHER_IS_BETTER = re.compile(r"(per_s|average_fps)$")


def read(path):
    values = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2:
                try:
                    values[parts[0]] = float(parts[1])
                except ValueError:
                    pass
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("runs", help="folder with base.N and this.N files")
    parser.add_argument("--base-name", default="base")
    parser.add_argument("--threshold", type=float, default=5.0, help="percent worse that fails (default 5)")
    args = parser.parse_args()
    rounds = sorted(int(os.path.basename(p).split(".")[1]) for p in glob.glob(os.path.join(args.runs, "base.*")))
    if not rounds:
        sys.exit(f"compare.py: no base.N files in {args.runs}")
    base = [read(os.path.join(args.runs, f"base.{r}")) for r in rounds]
    this = [read(os.path.join(args.runs, f"this.{r}")) for r in rounds]
    names = [n for n in base[0] if all(n in b for b in base) and all(n in t for t in this)]
    limit = 1 + args.threshold / 100
    print(f"\n{'measure':<44} {args.base_name:>12} {'this':>12} {'ratio':>7}  verdict   ({len(rounds)} rounds, medians)")
    regressed = []
    for name in names:
        b = [x[name] for x in base]
        t = [x[name] for x in this]
        bm, tm = statistics.median(b), statistics.median(t)
        higher_better = bool(HIGHER_IS_BETTER.search(name))
        if bm == 0:
            ratio = 1.0 if tm == 0 else float("inf")
        else:
            ratio = tm / bm
        worse = (1 / ratio if ratio else float("inf")) if higher_better else ratio
        best_here = max(t) if higher_better else min(t)
        best_is_worse = best_here < bm if higher_better else best_here > bm
        verdict = "REGRESSED" if worse > limit and best_is_worse else ("better" if worse < 1 / limit else "same")
        if verdict == "REGRESSED":
            regressed.append(name)
        print(f"{name:<44} {bm:>12.4g} {tm:>12.4g} {ratio:>7.3f}  {verdict}")
    if regressed:
        print(f"\n{len(regressed)} measure(s) more than {args.threshold:g} % worse than {args.base_name}: {', '.join(regressed)}")
        return 1
    print(f"\nno measure is more than {args.threshold:g} % worse than {args.base_name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
