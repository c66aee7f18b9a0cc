"""What leaves the store (issue 47; docs/season.md, rule L-SUBMIT): a signed
submission folder and `lycee verify DIR/`."""

from __future__ import annotations

import json
import stat

from tests.cli_helpers import run, staffed_event


def _finished(capsys, data: str, *options: str) -> str:
    eid = staffed_event(capsys, data, ["Ann", "Bob", "Cy", "Di"], "2026-11-01", "--rounds", "1", *options)
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    for t in (1, 2):
        assert run(capsys, "--data-dir", data, "result", eid, str(t), "2-1")[0] == 0
    return eid


def _submit(capsys, tmp_path, data):
    eid = _finished(capsys, data)
    out = tmp_path / "sub"
    rc, text, err = run(capsys, "--data-dir", data, "export", eid, "--what", "submission", "-o", str(out) + "/")
    assert rc == 0, err
    return eid, out, text


def test_a_submission_is_written_signed_and_verified(capsys, tmp_path):
    data = str(tmp_path / "d")
    eid, out, text = _submit(capsys, tmp_path, data)
    names = {p.name for p in out.iterdir()}
    assert {"scorecard.html", "report.html", "event.json", "manifest.json", "manifest.sig"} <= names
    assert "due at the publisher by 2026-11-15" in text and "必着" not in text  # L-SUBMIT: event date + 14 days
    key = text.split("store public key: ")[1].split()[0]
    keyfile = tmp_path / "d" / "keys" / "store.key"
    assert stat.S_IMODE(keyfile.stat().st_mode) == 0o600 and key not in keyfile.read_text()
    rc, out_text, err = run(capsys, "--data-dir", data, "verify", str(out), "--key", key)
    assert rc == 0 and "submission verified" in out_text, out_text + err
    # a second submission reuses the same key (made on first use only)
    rc, text2, _e = run(capsys, "--data-dir", data, "export", eid, "--what", "submission", "-o", str(tmp_path / "sub2"))
    assert rc == 0 and f"store public key: {key}" in text2 and "made the store's signing key" not in text2
    # the deadline shows the submission as written
    rc, dl, _e = run(capsys, "--data-dir", data, "deadlines", "--json")
    row = json.loads(dl)["deadlines"][0]
    assert row["event"] == eid and row["due"] == "2026-11-15" and row["written"]


def test_an_unsanctioned_event_has_no_return_deadline(capsys, tmp_path):
    """G-SCORECARD (issue 48): only a sanctioned event's scorecard goes back to
    the publisher, so a finished unsanctioned event lists no return deadline,
    neither on `lycee deadlines` nor on the app's event list."""
    from core.readmodel.phone import return_deadline
    from core.store import DataDir

    data = str(tmp_path / "d")
    sanctioned = _finished(capsys, data)
    eid = _finished(capsys, data, "--unsanctioned")
    rc, dl, _e = run(capsys, "--data-dir", data, "deadlines", "--json")
    assert rc == 0 and [d["event"] for d in json.loads(dl)["deadlines"]] == [sanctioned]
    dd = DataDir(tmp_path / "d")
    assert return_deadline(dd.root, dd.read(eid), "2026-12-01") is None


def test_a_changed_file_a_changed_manifest_or_another_key_fails(capsys, tmp_path):
    """L-SUBMIT: a checksum or signature that does not match names the file."""
    data = str(tmp_path / "d")
    _eid, out, text = _submit(capsys, tmp_path, data)
    ev = out / "event.json"
    good = ev.read_bytes()
    ev.write_bytes(good.replace(b'"Ann"', b'"Anne"'))
    rc, o, err = run(capsys, "verify", str(out))
    assert rc == 1 and f"{ev}: its checksum does not match" in o
    ev.write_bytes(good)
    m = out / "manifest.json"
    mgood = m.read_bytes()
    m.write_bytes(mgood.replace(b'"due": "2026-11-15"', b'"due": "2026-12-31"'))
    rc, o, _e = run(capsys, "verify", str(out))
    assert rc == 1 and "manifest.sig: the signature does not match manifest.json" in o
    m.write_bytes(mgood)
    rc, o, _e = run(capsys, "verify", str(out), "--key", "00" * 32)
    assert rc == 1 and "not the store's key" in o
    (out / "extra.txt").write_text("x")
    rc, o, _e = run(capsys, "verify", str(out))
    assert rc == 1 and "extra.txt: not in the manifest" in o
    (out / "extra.txt").unlink()
    assert run(capsys, "verify", str(out))[0] == 0


def test_submission_refuses_without_a_folder(capsys, tmp_path):
    data = str(tmp_path / "d")
    eid = _finished(capsys, data)
    rc, _o, err = run(capsys, "--data-dir", data, "export", eid, "--what", "submission")
    assert rc == 1 and "-o DIR/" in err
    assert not (tmp_path / "d" / "keys").exists()


def test_collected_decklists_go_with_the_submission(tmp_path):
    """L-SUBMIT: the decklists (G-DECKLIST: back with the scorecard) when they were collected."""
    from core.event.model import DeckRecord, Event, Player, Staff
    from core.reports.submission import verify_submission, write_submission

    ev = Event(
        id="e1",
        name="Cup",
        date="2026-11-01",
        players=(Player("p1", "Ann"), Player("p2", "Bob")),
        staff=Staff("O", ("J",), "J"),
        decklists_required=True,
        decklists=(DeckRecord("p1", ((4, "CH-0001", "X"),)),),
    )
    manifest = write_submission(tmp_path / "d", ev, [], tmp_path / "sub")
    assert "decklists.html" in [f["name"] for f in manifest["files"]]
    assert manifest["due"] == "2026-11-15"
    check = verify_submission(tmp_path / "sub")
    assert not check.problems and check.public_key == manifest["public_key"]
    no_lists = write_submission(tmp_path / "d", ev.with_(decklists=()), [], tmp_path / "sub2")
    assert "decklists.html" not in [f["name"] for f in no_lists["files"]]
