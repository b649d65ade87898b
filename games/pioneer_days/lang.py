"""Pioneer Days' own catalogue of texts (games/pioneer_days/locales), in the current language."""

from pathlib import Path

from i18n import N_, Catalogue

TEXTS = Catalogue(Path(__file__).resolve().parent, "pioneer-days")
_ = TEXTS._
n_ = TEXTS.n_
p_ = TEXTS.p_
has = TEXTS.has

__all__ = ["N_", "TEXTS", "_", "has", "n_", "p_"]
