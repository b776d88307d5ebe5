"""Sampling a full state consistent with one side's view, for search agents (DESIGN.md, Sampler)."""
from __future__ import annotations

import random
from typing import Any

def sample(game, view: dict[str, Any], rng: random.Random):
    raise NotImplementedError("sampler not written yet")
