"""Confidence intervals for shares: how sure a share measured on a sample of deals is.

Every figure this project publishes as a share (deals won, samples winnable) comes with a 95% Wilson score
interval. Wilson's interval behaves well where the plain "share ± 1.96 standard errors" does not: near 0% and
100%, and on small samples (Brown, Cai and DasGupta, "Interval Estimation for a Binomial Proportion", 2001). It is
written here, in a few lines, rather than taken from statsmodels or SciPy, which would be heavy dependencies for
one formula.

>>> low, high = wilson(187, 200)
>>> f"{low:.3f} {high:.3f}"
'0.892 0.962'
>>> wilson(0, 10)[0], wilson(10, 10)[1]
(0.0, 1.0)

Undecided trials (a search that ran out of time) are neither successes nor failures; :func:`bounds` gives the
interval that covers every way they could have gone: from the lower end with all of them failures to the upper
end with all of them successes.
"""

from __future__ import annotations

import math

from .checks import short

__all__ = ["Z95", "bounds", "wilson"]

#: The standard normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` (95% by default); (0, 1) with no trials."""
    if isinstance(successes, bool) or isinstance(trials, bool) or not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and trials, not {short(successes)} of {short(trials)}")
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    z2 = z * z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    # Exact at the ends: no success cannot have a positive lower bound, nor all successes an upper bound below 1.
    return (0.0 if successes == 0 else low), (1.0 if successes == trials else high)


def bounds(successes: int, undecided: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The interval for a share when ``undecided`` of the ``trials`` are neither known successes nor failures:
    Wilson's lower end with them all failures, and its upper end with them all successes."""
    if undecided < 0 or successes + undecided > trials:
        raise ValueError(f"{successes} successes and {undecided} undecided do not fit in {trials} trials")
    return wilson(successes, trials, z)[0], wilson(successes + undecided, trials, z)[1]
