"""The action log: reducer registry, apply, replay, undo, describe
(:mod:`core.log.registry`).  It imports no rule; :mod:`core.rules` provides them."""

from core.log.registry import (
    ACTION_FORMAT,
    FOUNDING,
    action,
    apply,
    apply_payload,
    as_unit,
    describe,
    describer,
    payload,
    provide,
    redo_target,
    redo_targets,
    replay,
    undo_target,
    undo_targets,
    undone_seqs,
    written_format,
)

__all__ = [
    "ACTION_FORMAT",
    "FOUNDING",
    "action",
    "apply",
    "apply_payload",
    "describe",
    "describer",
    "payload",
    "provide",
    "replay",
    "as_unit",
    "redo_target",
    "redo_targets",
    "undo_target",
    "undo_targets",
    "undone_seqs",
    "written_format",
]
