"""Courtyards' own catalogue of texts (games/courtyards/locales), in the current language."""

from pathlib import Path

from i18n import N_, Catalogue

TEXTS = Catalogue(Path(__file__).resolve().parent, "courtyards")
_ = TEXTS._
n_ = TEXTS.n_
p_ = TEXTS.p_

__all__ = ["N_", "TEXTS", "_", "n_", "p_"]
