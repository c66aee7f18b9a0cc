"""What leaves the store (issue 47; docs/season.md, rule L-SUBMIT): a
submission folder for the chain or regional organizer who runs the season.

``lycee export EVENT --what submission -o DIR/`` writes, into DIR:

- ``scorecard.html`` (the scorecard, with its return deadline: event date +
  14 days, 必着), ``report.html`` (the event report), ``decklists.html`` (when
  decklists were collected), ``event.json`` (the lycee-event/1 file);
- ``manifest.json``: ``{"schema": "lycee-submission/1", "event", "name",
  "date", "due", "store", "public_key", "files": [{"name", "sha256", "bytes"}]}``;
- ``manifest.sig``: the Ed25519 signature (hex) of manifest.json's bytes,
  made with the store's own key (PyNaCl; the key is made on first use in
  ``<data dir>/keys/store.key``, 0600 in a 0700 folder).

``lycee verify DIR/`` checks the signature (against ``--key HEX`` when given:
the store's public key as the organizer received it), every file's checksum,
that no file is missing or added, and the event file as ``lycee verify
FILE`` judges it (core/reports/judge.py).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from core.errors import LyceeError
from core.i18n import _
from core.paths import PRIVATE_FILE, open_private, private_dir, private_mode
from core.reports.exports import render, scorecard_due, write_export
from core.reports.judge import judge_doc
from core.rules.eventfile import load_doc

if TYPE_CHECKING:
    from core.event.model import Event
    from core.reports.verify import Report

__all__ = ["Check", "public_key", "store_key", "verify_submission", "write_submission"]

SCHEMA = "lycee-submission/1"
MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
EVENT_FILE = "event.json"


def key_path(root: Path) -> Path:
    return Path(root) / "keys" / "store.key"


def store_key(root: Path):
    """(the store's signing key, made now?): made on first use, kept 0600."""
    from nacl.signing import SigningKey  # lazy: PyNaCl loads only for a submission's signature

    path = key_path(root)
    try:
        seed = bytes.fromhex(path.read_text(encoding="ascii").strip())
        private_mode(path, PRIVATE_FILE)
        if len(seed) != 32:
            raise ValueError
        return SigningKey(seed), False
    except FileNotFoundError:
        pass
    except (ValueError, UnicodeDecodeError):
        raise LyceeError(
            _("the store's key {path} is damaged (not 64 hex digits); it was left as it is", path=path)
        ) from None
    private_dir(path.parent)
    key = SigningKey.generate()
    fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key.encode().hex() + "\n")
        f.flush()
        os.fsync(f.fileno())
    return key, True


def public_key(root: Path) -> tuple[str, bool]:
    key, made = store_key(root)
    return key.verify_key.encode().hex(), made


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def submission_files(event: Event, log: list[dict] | None) -> dict[str, str]:
    """{file name: text} of the submission of ``event``."""

    files = {
        "scorecard.html": render(event, "scorecard", "html"),
        "report.html": render(event, "report", "html", log=log),
    }
    if event.decklists:
        files["decklists.html"] = render(event, "decklists", "html")
    files[EVENT_FILE] = render(event, "event", "json")
    return files


def write_submission(root: Path, event: Event, log: list[dict] | None, out: Path, now: datetime | None = None) -> dict:
    """Write the submission into the folder ``out`` (made when missing); the manifest."""

    files = submission_files(event, log)
    doc = json.loads(files[EVENT_FILE])
    _refuse_unverified(doc, out)
    key, _made = store_key(root)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        write_export(out / name, text)
    manifest = {
        "schema": SCHEMA,
        "event": event.id,
        "name": event.name,
        "date": event.date,
        "due": scorecard_due(event),
        "store": doc.get("store"),
        "public_key": key.verify_key.encode().hex(),
        "made": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "files": [
            {"name": n, "sha256": _sha(t.encode("utf-8")), "bytes": len(t.encode("utf-8"))} for n, t in files.items()
        ],
    }
    text = json.dumps(manifest, ensure_ascii=False, indent=2) + "\n"
    write_export(out / MANIFEST, text)
    write_export(out / SIGNATURE, key.sign(text.encode("utf-8")).signature.hex() + "\n")
    return manifest


def _refuse_unverified(doc: dict, out: Path) -> None:
    """A submission is written only when its event file reads back as the
    event (L-SUBMIT, L-FILE: ``lycee verify DIR/`` and ``lycee import`` can read
    it): else nothing is written (nor noted as made), and the refusal names what
    does not hold.  Findings about the event's own facts (a registered deck that
    breaks a rule, stored as handed in) go with it for the organizer to see."""
    judged = judge_doc(doc, EVENT_FILE)
    if judged.event is not None:
        return
    found = judged.problems()
    lines = [f"{path}: {what}" for path, what in found[:5]]
    if len(found) > 5:
        lines.append(_("… and {n} more", n=len(found) - 5))
    raise LyceeError(
        _(
            "the submission was not written to {folder}: its event file does not verify "
            "(`lycee verify EVENT` lists every finding):\n{lines}",
            folder=out,
            lines="\n".join(lines),
        )
    )


@dataclass
class Check:
    """What ``lycee verify DIR/`` found: ``problems`` as (where, what), the
    event's judgement (None when the files did not get that far)."""

    folder: Path
    public_key: str = ""
    manifest: dict = field(default_factory=dict)
    problems: list[tuple[str, str]] = field(default_factory=list)
    event: Report | None = None

    @property
    def ok(self) -> bool:
        return not self.problems and self.event is not None and self.event.ok


def _check_key(c: Check, expected_key: str | None, mpath: Path) -> None:
    """The manifest's key is the store's key given with --key (when given)."""
    if expected_key is not None and expected_key.strip().lower() != c.public_key.lower():
        c.problems.append(
            (
                str(mpath),
                _(
                    "signed with key {got}, not the store's key {want} given with --key",
                    got=c.public_key,
                    want=expected_key,
                ),
            )
        )


def _check_unlisted(folder: Path, listed, c: Check) -> None:
    """Every file of the folder (but the manifest and its signature) is listed in the manifest."""
    for extra in _visible_files(folder):
        if extra not in listed and extra not in (MANIFEST, SIGNATURE):
            c.problems.append((str(folder / extra), _("not in the manifest (added after signing?)")))


def _visible_files(folder: Path) -> list[str]:
    """The names of the folder's files (hidden ones aside), sorted."""
    return sorted(p.name for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))


def verify_submission(folder: Path, expected_key: str | None = None, max_mb: float | None = None) -> Check:
    """Check a submission folder (see the module's text)."""
    c = Check(folder)
    read = _read_manifest(folder, c)
    if read is None:
        return c
    raw, sig, manifest, key = read
    c.manifest, c.public_key = manifest, manifest["public_key"]
    mpath = folder / MANIFEST
    _check_key(c, expected_key, mpath)
    if not _signed(key, raw, sig, folder / SIGNATURE, c):
        return c
    listed = _check_files(folder, manifest["files"], c)
    _check_unlisted(folder, listed, c)
    if EVENT_FILE not in listed:
        c.problems.append((str(mpath), _("the manifest lists no {f}", f=EVENT_FILE)))
        return c
    if not c.problems:
        _check_event(folder, manifest, max_mb, c)
    return c


def _read_manifest(folder: Path, c: Check):
    """(manifest bytes, signature, manifest, its public key as a VerifyKey), or
    None with the problem added: a file missing, or a manifest that does not read."""
    from nacl.signing import VerifyKey  # lazy: PyNaCl loads only for a submission's signature

    mpath, spath = folder / MANIFEST, folder / SIGNATURE
    try:
        raw = mpath.read_bytes()
        sig = bytes.fromhex(spath.read_text(encoding="ascii").strip())
        manifest = _manifest_doc(raw)
        files = manifest["files"]
        key = VerifyKey(bytes.fromhex(manifest["public_key"]))
        if not isinstance(files, list):
            raise ValueError("files")
    except FileNotFoundError as err:
        c.problems.append((str(err.filename), _("missing: a submission has {m} and {s}", m=MANIFEST, s=SIGNATURE)))
        return None
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError) as err:
        c.problems.append((str(mpath), _("not a readable submission manifest ({err})", err=err)))
        return None
    return raw, sig, manifest, key


def _manifest_doc(raw: bytes) -> dict:
    """The manifest's JSON, refused (ValueError) unless it is a submission manifest."""
    manifest = json.loads(raw)
    if not isinstance(manifest, dict) or manifest.get("schema") != SCHEMA:
        raise ValueError(_("not a {schema} manifest", schema=SCHEMA))
    return manifest


def _signed(key, raw: bytes, sig: bytes, spath: Path, c: Check) -> bool:
    """The signature holds for the manifest; else the problem is added."""
    from nacl.exceptions import BadSignatureError  # lazy: as in _read_manifest

    try:
        key.verify(raw, sig)
    except (BadSignatureError, ValueError):
        c.problems.append(
            (
                str(spath),
                _(
                    "the signature does not match {m}: it was changed after signing, or signed by another key",
                    m=MANIFEST,
                ),
            )
        )
        return False
    return True


def _check_files(folder: Path, files: list, c: Check) -> set[str]:
    """Each file the manifest lists is in the folder with its checksum; the names listed."""
    listed: set[str] = set()
    for i, f in enumerate(files):
        name = _file_name(f)
        if name is None:
            c.problems.append((f"{folder / MANIFEST}: $.files[{i}]", _("not a file of the folder")))
            continue
        listed.add(name)
        _check_file(folder, name, f.get("sha256"), c)
    return listed


def _file_name(f) -> str | None:
    """The name a manifest entry gives: a plain file of the folder (no path, not hidden), else None."""
    name = f.get("name") if isinstance(f, dict) else None
    return name if isinstance(name, str) and _plain(name) else None


def _plain(name: str) -> bool:
    """A name of a file inside the folder: no path in it, not hidden."""
    return not ("/" in name or "\\" in name or name.startswith("."))


def _check_file(folder: Path, name: str, sha256, c: Check) -> None:
    """The listed file is in the folder with the manifest's checksum."""
    try:
        data = (folder / name).read_bytes()
    except OSError:
        c.problems.append((str(folder / name), _("listed in the manifest but missing")))
        return
    if _sha(data) != sha256:
        c.problems.append(
            (
                str(folder / name),
                _("its checksum does not match the manifest's: the file was changed after signing"),
            )
        )


def _check_event(folder: Path, manifest: dict, max_mb: float | None, c: Check) -> None:
    """The event file judged as import judges it, and of the event the manifest names."""
    doc = load_doc(folder / EVENT_FILE, max_mb)
    c.event = judge_doc(doc, str(folder / EVENT_FILE)).report
    if doc.get("id") != manifest.get("event"):
        c.problems.append(
            (
                str(folder / EVENT_FILE),
                _(
                    "the event file is of event {got}, the manifest says {want}",
                    got=doc.get("id"),
                    want=manifest.get("event"),
                ),
            )
        )
