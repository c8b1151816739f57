"""Train the learned secret check that `secret_classifier_rounds.py` measures, from tuning material only.

    python benchmarks/train_secret_classifier.py

Trained on the tuning parts of the blind corpus named (text and quote, labelled by `secret`) and, as
ordinary proposals, the everyday corpora of plain memories and look-alike sentences: the ordinary
sentences of the secret corpora (the development parts of `tests/data/everyday` and
`tests/data/other_shapes`, the older negatives), the memories of the quality set
(`benchmarks/quality/memories.jsonl`) and the memories of the similar-memory and update corpora
(`tests/data/similar`, `tests/data/updates`). Never on a held-out part.

A logistic regression over the hashed binary features of `secret_classifier.py`, the two classes
weighed alike, an L2 penalty, full-batch Adam from zeros for a fixed number of steps: the same data
give the same weights. Thresholds are chosen on the training data alone: the weights are fitted again
with each tuning part of the blind corpus left out in turn (and a share of the ordinary proposals, by
a seeded shuffle), and each policy reads the scores those fits give the ordinary proposals they did
not see (`POLICY`, the second highest, is the one the simulation was gated on).

Run alone, it trains on every tuning part and counts the look-alike sentences of the secret tests
(`tests/plugins/test_secrets_*.py`, which it never trains on) that the classifier would refuse.
Needs numpy (pip install numpy); a minute or two.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import secret_classifier as learned  # noqa: E402

from personakit_plugin.default_plugins.secrets import holds_secret  # noqa: E402
from personakit_plugin.default_plugins.secrets.normalise import normalise  # noqa: E402

SEED = 20261205
STEPS = 300
RATE = 0.05
L2 = 1e-3
# The policy the simulation was gated on: of the ordinary proposals scored by a fit that did not see
# them, the second highest (one of them, left out, is the budget of ordinary refused).
POLICY = "left-out second highest"
# The parts trained on when run alone: the tuning parts named here, never a held-out part.
TUNING_PARTS = ("tune", "tune_round2", "tune_round3", "tune_round4", "tune_round5", "tune_round6", "tune_round7")

Proposal = tuple[str, str]


def fresh_part(part: str) -> list[tuple[Proposal, bool]]:
    from tests.helpers.secret_corpora import fresh

    return [((case.text, case.quote), case.secret) for case in fresh(part)]


def ordinary_proposals() -> list[Proposal]:
    """The everyday corpora's ordinary sentences and plain memories, as text and quote."""
    from tests.helpers.secret_corpora import everyday, other_shapes, regression

    # The development parts only: the held-out parts of those corpora stay unseen, so that they still
    # measure the check with this classifier in it.
    cases = [*regression(), *everyday("development"), *other_shapes("development")]
    found: list[Proposal] = [(case.text, case.quote) for case in cases if not case.secret]
    for line in (ROOT / "benchmarks" / "quality" / "memories.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            found.append((row["text"], row.get("quote", "")))
    data = ROOT / "tests" / "data"
    for path, columns in ((data / "similar", (1, 2)), (data / "updates", (2, 3))):
        for tsv in sorted(path.glob("*.tsv")):
            for line in tsv.read_text(encoding="utf-8").splitlines():
                if line.strip() and not line.startswith("#"):
                    fields = line.split("\t")
                    found += [(fields[column], "") for column in columns if column < len(fields)]
    return found


class Matrix:
    """Hashed binary features of proposals, as rows of indices."""

    def __init__(self, proposals: Sequence[Proposal]) -> None:
        rows = [learned.feature_indices(normalise(text), normalise(quote)) for text, quote in proposals]
        self.count = len(rows)
        self.indices = np.fromiter((i for row in rows for i in row), dtype=np.int64)
        self.rows = np.repeat(np.arange(self.count), [len(row) for row in rows])

    def take(self, chosen: np.ndarray) -> Matrix:
        keep = np.isin(self.rows, chosen)
        renumber = np.full(self.count, -1)
        renumber[chosen] = np.arange(len(chosen))
        taken = object.__new__(Matrix)
        taken.count, taken.indices, taken.rows = len(chosen), self.indices[keep], renumber[self.rows[keep]]
        order = np.argsort(taken.rows, kind="stable")
        taken.indices, taken.rows = taken.indices[order], taken.rows[order]
        return taken

    def scores(self, weights: np.ndarray, bias: float) -> np.ndarray:
        return np.bincount(self.rows, weights=weights[self.indices], minlength=self.count) + bias


def fit(matrix: Matrix, labels: np.ndarray) -> tuple[np.ndarray, float]:
    """Logistic regression, both classes weighed alike, L2, full-batch Adam from zeros."""
    size = learned.SIZE
    positives = max(labels.sum(), 1)
    negatives = max(len(labels) - labels.sum(), 1)
    sample = np.where(labels == 1, 0.5 / positives, 0.5 / negatives)
    weights, bias = np.zeros(size), 0.0
    moment, second, bias_moment, bias_second = np.zeros(size), np.zeros(size), 0.0, 0.0
    for step in range(1, STEPS + 1):
        z = matrix.scores(weights, bias)
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        g = (p - labels) * sample
        grad = np.bincount(matrix.indices, weights=g[matrix.rows], minlength=size) + L2 * weights
        grad_bias = g.sum()
        moment = 0.9 * moment + 0.1 * grad
        second = 0.999 * second + 0.001 * grad * grad
        bias_moment = 0.9 * bias_moment + 0.1 * grad_bias
        bias_second = 0.999 * bias_second + 0.001 * grad_bias * grad_bias
        correction = np.sqrt(1 - 0.999**step) / (1 - 0.9**step)
        weights -= RATE * correction * moment / (np.sqrt(second) + 1e-8)
        bias -= RATE * correction * bias_moment / (np.sqrt(bias_second) + 1e-8)
    return weights.astype(np.float32), float(bias)


def left_out_ordinary_scores(matrix: Matrix, labels: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """The score of each ordinary proposal by a fit that did not see its group."""
    found = np.full(len(labels), np.nan)
    for group in np.unique(groups):
        seen = np.flatnonzero(groups != group)
        unseen = np.flatnonzero((groups == group) & (labels == 0))
        if len(unseen) == 0:
            continue
        weights, bias = fit(matrix.take(seen), labels[seen])
        found[unseen] = matrix.take(unseen).scores(weights, bias)
    return found[labels == 0]


def training_set(parts: Sequence[str]) -> tuple[list[Proposal], np.ndarray, np.ndarray]:
    """Proposals, labels and groups: a group for each blind part, five seeded groups of ordinary proposals
    (each sentence of an ordinary corpus goes to one of them; the blind parts' own ordinary sentences stay
    with their part)."""
    proposals: list[Proposal] = []
    labels: list[int] = []
    groups: list[int] = []
    for number, part in enumerate(parts):
        for proposal, secret in fresh_part(part):
            proposals.append(proposal)
            labels.append(int(secret))
            groups.append(number)
    ordinary = ordinary_proposals()
    shuffled = random.Random(SEED).sample(range(len(ordinary)), len(ordinary))
    folds = max(len(parts), 5)
    for rank, index in enumerate(shuffled):
        proposals.append(ordinary[index])
        labels.append(0)
        groups.append(rank % folds if len(parts) > 1 else rank % 5)
    if len(parts) == 1:  # one blind part: its sentences are spread over the five groups too
        spread = random.Random(SEED + 1)
        for index in range(len(fresh_part(parts[0]))):
            groups[index] = spread.randrange(5)
    return proposals, np.array(labels, dtype=np.float64), np.array(groups)


def train(parts: Sequence[str]) -> tuple[np.ndarray, float, dict[str, float]]:
    """Weights, bias and the thresholds of each policy, from the given blind parts and the ordinary corpora."""
    proposals, labels, groups = training_set(parts)
    matrix = Matrix(proposals)
    weights, bias = fit(matrix, labels)
    inside = matrix.scores(weights, bias)[labels == 0]
    left_out = left_out_ordinary_scores(matrix, labels, groups)
    ranked = np.sort(left_out)
    thresholds = {
        "in-sample highest + 2": float(inside.max()) + 2.0,
        "left-out highest + 0.5": float(ranked[-1]) + 0.5,
        POLICY: float(ranked[-2]),
        "left-out 0.2% budget": float(np.quantile(left_out, 0.998)),
        "left-out 0.5% budget": float(np.quantile(left_out, 0.995)),
    }
    return weights, bias, thresholds


def look_alikes() -> list[str]:
    """The ordinary sentences the secret tests hold in their look-alike lists, written against the rules."""
    from tests.plugins import test_secrets_everyday, test_secrets_fresh, test_secrets_other_shapes

    found = []
    for module in (test_secrets_fresh, test_secrets_everyday, test_secrets_other_shapes):
        for name, value in vars(module).items():
            if name.isupper() and ("LOOK" in name or "ORDINARY" in name) and isinstance(value, list | tuple):
                found += [item for item in value if isinstance(item, str)]
    return found


def main() -> None:
    weights, bias, thresholds = train(TUNING_PARTS)
    sentences = [sentence for sentence in look_alikes() if not holds_secret(sentence, sentence)]
    scores = Matrix([(sentence, sentence) for sentence in sentences]).scores(weights.astype(np.float64), bias)
    print(f"trained on {', '.join(TUNING_PARTS)} and the everyday corpora; bias {bias:.3f}")
    print(f"the secret tests' look-alike sentences the rules store: {len(sentences)}")
    for policy, threshold in thresholds.items():
        refused = int((scores > threshold).sum())
        print(f"  {policy:<26} threshold {threshold:6.2f}: the classifier would refuse {refused} of them")


if __name__ == "__main__":
    main()
