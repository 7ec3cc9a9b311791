"""History shows a continued run's held-out loss before -> after (issue 17, item 3): "before" is
the step-0 evaluation of the untouched model, "after" the newest; a run from scratch has no before."""

import json

import pytest
from hf_family_models import TEXT

from mlmstudio.cli import main
from mlmstudio.store.database import Database
from mlmstudio.store.loss_before_after import loss_before_after
from mlmstudio.store.service import load_curve

CORPUS = "\n".join(TEXT * 8)
SMALL = ["--steps", "3", "--eval-every", "3", "--batch-size", "2", "--seq-len", "32"]


@pytest.mark.slow
def test_a_continued_run_shows_before_and_after_and_a_new_run_no_before(family_folders, tmp_path, capsys):
    data = tmp_path / "data"
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(CORPUS)
    assert (
        main(["train", str(corpus), "--from", str(family_folders["bert"]), *SMALL, "--data-dir", str(data)])
        == 0
    )
    db = Database.open(data)
    curve = load_curve(db, "latest", "val", "loss")
    assert list(curve.steps) == [0, 3]
    before, after = float(curve.values[0]), float(curve.values[-1])
    assert before != after  # three steps move the loss, so the two numbers are distinguishable
    assert f"held-out loss: {before:.2f} → {after:.2f}" in capsys.readouterr().out  # train's summary
    assert main(["train", str(corpus), *SMALL, "--vocab-size", "200", "--layers", "1",
                 "--data-dir", str(data)]) == 0  # fmt: skip
    capsys.readouterr()

    assert main(["runs", "list", "--json", "--data-dir", str(data)]) == 0
    scratch, continued = json.loads(capsys.readouterr().out)  # newest first
    assert continued["held_out_loss_before"] == pytest.approx(before)
    assert continued["held_out_loss_after"] == pytest.approx(after)
    assert scratch["held_out_loss_before"] is None and scratch["held_out_loss_after"] is not None

    assert main(["runs", "list", "--data-dir", str(data)]) == 0
    table = capsys.readouterr().out
    assert f"{before:.2f} → {after:.2f}" in table
    assert table.count("→") == 1  # the run from scratch shows its loss alone

    assert main(["runs", "show", continued["id"], "--data-dir", str(data)]) == 0
    assert f"loss {before:.2f} → {after:.2f}" in capsys.readouterr().out
    assert main(["runs", "show", scratch["id"], "--json", "--data-dir", str(data)]) == 0
    assert json.loads(capsys.readouterr().out)["held_out_loss_before"] is None
    found = loss_before_after(db, [continued["id"], scratch["id"], "no-such-run"])
    assert found["no-such-run"].before is None and found["no-such-run"].after is None
