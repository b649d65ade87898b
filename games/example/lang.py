"""Fingers' own catalogue of texts (games/example/locales)."""

from pathlib import Path

from i18n import N_, Catalogue

TEXTS = Catalogue(Path(__file__).resolve().parent, "fingers")
_ = TEXTS._
n_ = TEXTS.n_

__all__ = ["N_", "TEXTS", "_", "n_"]
