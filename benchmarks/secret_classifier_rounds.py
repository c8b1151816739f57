"""Would the learned secret check have helped at each blind measurement? The simulation, round by round.

    python benchmarks/secret_classifier_rounds.py

Each part of the blind corpus after the first was measured once, blind, by the detector of its time
(the commits below, from `tests/corpus/secrets_fresh/README.md`). For each such round this script takes
that detector (`git archive` of the commit into a temporary folder) and records which of the part's
secrets it missed and which of its ordinary sentences it refused; then it trains the classifier as
`train_secret_classifier.py` does, on the parts before that round only (and the everyday corpora), with
its threshold chosen on that training data alone, and counts, of the rules' blind misses, those the
classifier refuses, and of the part's ordinary sentences the rules stored, those it refuses. It prints,
for each policy of threshold, one line a round and the mean lift. It needs git, a checkout with its
history, and numpy (pip install numpy); a few minutes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import train_secret_classifier as training  # noqa: E402

ORDER = ("tune", "tune_round2", "tune_round3", "tune_round4", "tune_round5", "tune_round6", "tune_round7", "heldout")
# The commit at which each part was measured blind (the round's number is the part's place in ORDER).
MEASURED_AT = {
    "tune_round2": "98ab34b",
    "tune_round3": "4518dfa",
    "tune_round4": "9af4035",
    "tune_round5": "2733cb5",
    "tune_round6": "8d31583",
    "tune_round7": "9e99f64",
    "heldout": "7389fb2",
}
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
    rows: dict[str, list[str]] = {}
    totals: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for number in range(2, len(ORDER) + 1):
            part = ORDER[number - 1]
            refused = refused_then(part, Path(folder))
            weights, bias, thresholds = training.train(ORDER[: number - 1])
            cases = training.fresh_part(part)
            scores = training.Matrix([proposal for proposal, _ in cases]).scores(weights.astype(np.float64), bias)
            secrets = [i for i, (_, secret) in enumerate(cases) if secret]
            ordinary = [i for i, (_, secret) in enumerate(cases) if not secret]
            missed = [i for i in secrets if not refused[i]]
            found = len(secrets) - len(missed)
            rules_ordinary = sum(refused[i] for i in ordinary)
            for policy, threshold in thresholds.items():
                caught = int(sum(scores[i] > threshold for i in missed))
                extra = int(sum(scores[i] > threshold and not refused[i] for i in ordinary))
                rows.setdefault(policy, []).append(
                    f"{number:>5}  {part:<12}  {len(secrets):>7}  {found:>5}  {len(missed):>6}  "
                    f"{caught:>6}  {extra:>5}  "
                    f"{100 * found / len(secrets):>7.1f}  {100 * (found + caught) / len(secrets):>7.1f}  "
                    f"{rules_ordinary}+{extra} of {len(ordinary)}"
                )
                lift, extras = totals.setdefault(policy, [0.0, 0.0])
                totals[policy] = [lift + 100 * caught / len(secrets) / (len(ORDER) - 1), extras + extra]
            print(f"round {number} done", file=sys.stderr, flush=True)
    for policy, lines in rows.items():
        shipped = " (the policy the simulation was gated on)" if policy == training.POLICY else ""
        print(f"\nthreshold: {policy}{shipped}, chosen on each round's training data alone")
        print("round  part          secrets  rules  missed  caught  extra  blind %  union %  ordinary refused")
        print("\n".join(lines))
        lift, extras = totals[policy]
        print(
            f"mean lift {lift:.2f} points; ordinary sentences refused by the classifier alone, all rounds: {extras:.0f}"
        )


if __name__ == "__main__":
    main()
