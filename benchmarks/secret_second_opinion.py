"""The learned second opinion beside the rules, measured on a part of the blind corpus it never saw, with
its threshold fixed before that part was written.

    python benchmarks/secret_second_opinion.py [--part heldout]

The rounds' simulation (`secret_classifier_rounds.py`) trained a classifier on the parts before each
blind round and counted what it would have added to the rules' figure there: from a fraction of a point
to some four points, depending on the policy that sets its threshold (each policy reads only training
data, but which policy to trust was seen only after those rounds). A policy chosen after seeing them
says nothing of a round to come. So one policy is fixed here, in `POLICY`, before the twenty-second
held-out part was measured (nobody working on the check has read it), and this script is its one
measurement: it trains the classifier on every tuning
part of the blind corpus and the everyday corpora (`train_secret_classifier.train`, the same data give
the same weights and thresholds) and counts, on the part, the secrets and the ordinary sentences the
rules refuse alone, and those the rules and the classifier refuse together. The other policies are
printed below it, for the record, not to choose among. Counts only: no sentence of the held-out part is
printed. Needs numpy (pip install numpy); a minute or two on two cores.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import train_secret_classifier as training  # noqa: E402

from personakit_plugin.default_plugins.secrets import holds_secret  # noqa: E402
from tests.helpers.secret_corpora import (  # noqa: E402
    FRESH_HELD_OUT,
    FRESH_TUNE_PARTS,
    fresh,
    fresh_exists,
    fresh_missing,
)

POLICY = "left-out 0.5% budget"
"""The policy of threshold fixed before the twenty-second held-out part was measured: of the ordinary
proposals each scored by a fit that did not see them, the 99.5th percentile (`train_secret_classifier`).
Over the nine realistic owners' rounds the simulation measured (the thirteenth to the twenty-first held-out
parts) it added 3.8 points on average and 6 ordinary sentences refused in all, and reached 95% with none
more refused in 5 of them: the best of the five policies there, with one other alike. It stays as it is for
every part measured after: on the twenty-second part, 228 of 240 secrets and 1 of 176 ordinary sentences
(the rules alone 218 and none); on the twenty-third, 216 of 240 and 6 of 172 (the rules alone 212 and 6); on
the twenty-fourth, 219 of 240 and 1 of 178 (the rules alone 212 and 1); on the twenty-fifth, 207 of 240 and 1 of
178 (the rules alone 195 and none); on the twenty-sixth, 188 of 240 and none of 180 (the rules alone 180); on the
twenty-seventh, 196 of 240 and 1 of 180 (the rules alone 174 and the same one); on the twenty-eighth,
196 of 240 and none of 180 (the rules alone 180); on the twenty-ninth, 211 of 240 and 1 of 180 (the rules alone
180 and none); on the thirtieth, 194 of 240 and 1 of 180 (the rules alone 170 and none); on the thirty-first,
210 of 240 and 1 of 180 (the rules alone 194 and none); on the thirty-second, 216 of 240 and 1 of 180 (the rules
alone 199 and the same one); on the thirty-third, 222 of 240 and 2 of 180 (the rules alone 207 and 1);
on the thirty-fourth, whose places often use the numbers of countries the rules know, 230 of 240 and 1 of 180 (the
rules alone 221 and the same one); on the thirty-fifth, 212 of 240 and none of 178 (the rules alone 190 and none); on
the thirty-sixth, in the big countries most owners live in, 229 of 240 and 2 of 180 (the rules alone 224 and the same
two); on the thirty-seventh, in the same countries, 228 of 240 and 3 of 180 (the rules alone 221 and 1); on the
thirty-eighth, in the same countries, 227 of 240 and 4 of 180 (the rules alone 219 and 3); on the thirty-ninth, in the
same countries, 233 of 240 and 4 of 180 (the rules alone 226 and 3); on the fortieth, in the same countries, 234 of
240 and 5 of 180 (the rules alone 219 and 3); on the forty-first, in the same countries, 232 of 240 and 3 of 180 (the
rules alone 225 and the same three); on the forty-second, in the same countries, 223 of 240 and 2 of 182 (the rules
alone 207 and the same two); on the forty-third, in the same countries, 231 of 240 and 1 of 183 (the rules
alone 216 and 1); on the forty-fourth, in the same countries, 223 of 240 and 5 of 180 (the rules alone 213
and 3); on the forty-fifth, in the same countries, 239 of 240 and 5 of 180 (the rules alone 235 and 3); on the
forty-sixth, in the same countries, 235 of 240 and 1 of 180 (the rules alone 228 and 1); on the forty-seventh, in
the same countries, 236 of 240 and 2 of 180 (the rules alone 229 and 2); on the forty-eighth, in the same
countries, 237 of 240 and 1 of 180 (the rules alone 233 and 1); on the forty-ninth, in the same countries, 232
of 240 and 0 of 180 (the rules alone 230 and 0)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default=FRESH_HELD_OUT, help="the part measured (default: the held-out part)")
    options = parser.parse_args()
    if options.part in FRESH_TUNE_PARTS:
        parser.error(f"{options.part} is a tuning part, which the classifier is trained on")
    if not fresh_exists(options.part):
        print(fresh_missing(options.part))
        return 1
    cases = fresh(options.part)
    weights, bias, thresholds = training.train(FRESH_TUNE_PARTS)
    scores = training.Matrix([(case.text, case.quote) for case in cases]).scores(weights.astype(np.float64), bias)
    rules = [holds_secret(case.text, case.quote) for case in cases]
    secrets = sum(case.secret for case in cases)
    ordinary = len(cases) - secrets

    def counted(threshold: float | None) -> str:
        refused = [
            rule or (threshold is not None and score > threshold) for rule, score in zip(rules, scores, strict=True)
        ]
        found = sum(refused[i] for i, case in enumerate(cases) if case.secret)
        wrong = sum(refused[i] for i, case in enumerate(cases) if not case.secret)
        return f"{found:>3} of {secrets} secrets refused ({found / secrets:6.1%}), {wrong} of {ordinary} ordinary"

    print(f"{options.part}, trained on {len(FRESH_TUNE_PARTS)} tuning parts and the everyday corpora")
    print(f"  rules alone                          {counted(None)}")
    print(f"  rules and classifier, {POLICY:<14} {counted(thresholds[POLICY])}   (fixed before the part)")
    for policy, threshold in thresholds.items():
        if policy != POLICY:
            print(f"  for the record: {policy:<24}     {counted(threshold)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
