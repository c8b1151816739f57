"""Would the learned secret check have helped at each blind measurement? The simulation, round by round.

    python benchmarks/secret_classifier_rounds.py [--from 14] [--rules-only]

Each part of the blind corpus after the first was measured once, blind, by the detector of its time
(the commits below, from `tests/corpus/secrets_fresh/README.md` and the corpus's history). For each such
round this script takes that detector (`git archive` of the commit into a temporary folder) and records
which of the part's secrets it missed and which of its ordinary sentences it refused; then it trains the
classifier as `train_secret_classifier.py` does, on the parts before that round only (and the everyday
corpora), with its threshold chosen on that training data alone, and counts, of the rules' blind misses,
those the classifier refuses, and of the part's ordinary sentences the rules stored, those it refuses.
It prints, for each policy of threshold, one line a round (the rules' blind figure, the union of rules
and classifier, and whether the union reaches 95% of the secrets with no ordinary sentence more
refused) and the mean lift over all the rounds measured and over the realistic owners' rounds (from the
thirteenth held-out part on). `--from` starts at a later round; `--rules-only` prints only the rules'
blind figures, which match those the corpus commits state. Progress goes to stderr. It needs git, a
checkout with its history, and numpy (pip install numpy); ten minutes or more on two cores.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import train_secret_classifier as training  # noqa: E402

ORDER = ("tune", *(f"tune_round{number}" for number in range(2, 50)))
# The commit at which each part was measured blind (the round's number is the part's place in ORDER): the
# corpus commit that measured it, whose detector is its parent's (that commit touches only the corpus).
MEASURED_AT = {
    "tune_round2": "98ab34b",
    "tune_round3": "4518dfa",
    "tune_round4": "9af4035",
    "tune_round5": "2733cb5",
    "tune_round6": "8d31583",
    "tune_round7": "9e99f64",
    "tune_round8": "7389fb2",
    "tune_round9": "9cd2f12",
    "tune_round10": "2325d5d",
    "tune_round11": "a5ffe8a",
    "tune_round12": "4efd26e",
    "tune_round13": "33879b3",
    "tune_round14": "12fd1c2",
    "tune_round15": "894c2e3",
    "tune_round16": "1712acb",
    "tune_round17": "86b1619",
    "tune_round18": "126e73c",
    "tune_round19": "bef53c4",
    "tune_round20": "c1065de",
    "tune_round21": "a378d20",
    "tune_round22": "30c861f",
    "tune_round23": "d31e307",
    "tune_round24": "23bb1ac",
    "tune_round25": "804db5b",
    "tune_round26": "7ef05cf",
    "tune_round27": "8ed78d7",
    "tune_round28": "96edb37",
    "tune_round29": "2755eb5",
    "tune_round30": "37849d8",
    "tune_round31": "89c4ccf",
    "tune_round32": "55db3f7",
    "tune_round33": "8bb48ea",
    "tune_round34": "974c574",
    "tune_round35": "c3ccd20",
    "tune_round36": "87f6b46",
    "tune_round37": "f76760c",
    "tune_round38": "edfaabd",
    "tune_round39": "9520845",
    "tune_round40": "67fbd7c",
    "tune_round41": "43ae8c2",
    "tune_round42": "70d5f5b",
    "tune_round43": "956685d",
    "tune_round44": "b2c5b00",
    "tune_round49": "8512d7e",
    "tune_round48": "ce070f2",
    "tune_round47": "8ddf404",
    "tune_round46": "a2a8336",
    "tune_round45": "c32ae85",
}
# The held-out part now in `heldout.jsonl` joins them when it has been tuned on, with its measuring commit.
# The rounds of realistic owners: from the thirteenth held-out part (now tune_round14) on.
REALISTIC = ORDER.index("tune_round14") + 1
_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from personakit_plugin.default_plugins.secrets import holds_secret
print(json.dumps([bool(holds_secret(text, quote)) for text, quote in json.load(sys.stdin)]))
"""


def refused_then(part: str, folder: Path) -> list[bool]:
    """Which proposals of `part` the detector of its blind measurement refused."""
    commit = MEASURED_AT[part]
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "personakit_plugin"], capture_output=True, check=True
    )
    target = folder / commit
    target.mkdir()
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    payload = json.dumps([list(proposal) for proposal, _ in training.fresh_part(part)])
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(target)], input=payload, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--from", dest="first", type=int, default=2, help="the first round to measure (2 to 49; 14 for the realistic)"
    )
    parser.add_argument(
        "--rules-only", action="store_true", help="only the rules' blind figures, to check the commits (seconds)"
    )
    options = parser.parse_args()
    rounds = range(max(options.first, 2), len(ORDER) + 1)
    rows: dict[str, list[str]] = {}
    results: dict[str, list[tuple[int, float, int, bool]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for number in rounds:
            began = time.monotonic()
            part = ORDER[number - 1]
            refused = refused_then(part, Path(folder))
            cases = training.fresh_part(part)
            secrets = [i for i, (_, secret) in enumerate(cases) if secret]
            ordinary = [i for i, (_, secret) in enumerate(cases) if not secret]
            missed = [i for i in secrets if not refused[i]]
            found = len(secrets) - len(missed)
            rules_ordinary = sum(refused[i] for i in ordinary)
            if options.rules_only:
                print(
                    f"{number:>5}  {part:<12}  {MEASURED_AT[part]}  {found} of {len(secrets)} secrets, "
                    f"{rules_ordinary} of {len(ordinary)} ordinary refused"
                )
                continue
            weights, bias, thresholds = training.train(ORDER[: number - 1])
            scores = training.Matrix([proposal for proposal, _ in cases]).scores(weights.astype(np.float64), bias)
            for policy, threshold in thresholds.items():
                caught = int(sum(scores[i] > threshold for i in missed))
                extra = int(sum(scores[i] > threshold and not refused[i] for i in ordinary))
                union = 100 * (found + caught) / len(secrets)
                reached = union >= 95 and extra == 0
                rows.setdefault(policy, []).append(
                    f"{number:>5}  {part:<12}  {len(secrets):>7}  {found:>5}  {len(missed):>6}  "
                    f"{caught:>6}  {extra:>5}  "
                    f"{100 * found / len(secrets):>7.1f}  {union:>7.1f}  "
                    f"{'yes' if reached else 'no':>9}  {rules_ordinary}+{extra} of {len(ordinary)}"
                )
                results.setdefault(policy, []).append((number, 100 * caught / len(secrets), extra, reached))
            print(f"round {number} ({part}) done in {time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)
    for policy, lines in rows.items():
        shipped = " (the policy the simulation was gated on)" if policy == training.POLICY else ""
        print(f"\nthreshold: {policy}{shipped}, chosen on each round's training data alone")
        print(
            "round  part          secrets  rules  missed  caught  extra  blind %  union %  95%, no+  ordinary refused"
        )
        print("\n".join(lines))
        for name, chosen in (
            (f"rounds {rounds[0]} to {rounds[-1]}", results[policy]),
            (
                f"the realistic owners' rounds ({REALISTIC} to {len(ORDER)})",
                [result for result in results[policy] if result[0] >= REALISTIC],
            ),
        ):
            if not chosen:
                continue
            lift = sum(result[1] for result in chosen) / len(chosen)
            extras = sum(result[2] for result in chosen)
            reached = sum(result[3] for result in chosen)
            print(
                f"{name}: mean lift {lift:.2f} points; ordinary sentences refused by the classifier alone: "
                f"{extras}; rounds at 95% or more with none more refused: {reached} of {len(chosen)}"
            )


if __name__ == "__main__":
    main()
