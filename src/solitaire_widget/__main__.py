"""The command line: ``python -m solitaire_widget study ...`` runs a study and prints its summary.

    python -m solitaire_widget study athena --deals 1-10000 --player solver --time-limit 10 \\
        --workers 8 --store athena.sqlite
    python -m solitaire_widget study klondike --draw 3 --redeals -1 --deals 1-500 --player fair --store k.sqlite
    python -m solitaire_widget study athena --deals 1-10000 --dask tcp://scheduler:8786 --store athena.sqlite

Run it again with the same ``--store`` to resume a study that was stopped.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import VARIANTS, study
from .strategies import STRATEGIES


def _deals(text: str) -> range | list[int]:
    """``1-10000`` (both ends included), ``7`` or ``1,5,9``."""
    try:
        if "," in text:
            return [int(part) for part in text.split(",")]
        if "-" in text.strip("-"):
            first, last = text.split("-", 1)
            return range(int(first), int(last) + 1)
        return [int(text)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a deal range: write 1-10000, 7 or 1,5,9") from None


def _limit(text: str) -> float | None:
    return None if text.lower() == "none" else float(text)


def _nodes(text: str) -> int | None:
    return None if text.lower() == "none" else int(text.replace("_", ""))


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m solitaire_widget", description=__doc__.split("\n\n")[0])
    commands = top.add_subparsers(dest="command", required=True)
    run = commands.add_parser("study", help="play or solve many deals and print the summary",
                              description="Play or solve many deals; print the summary with its 95%% interval.")
    run.add_argument("variant", choices=VARIANTS)
    run.add_argument("--deals", type=_deals, default=range(1, 101), help="deal numbers: 1-10000, 7 or 1,5,9")
    players = ["solver", "fair", *sorted({strategy.name for strategy in STRATEGIES})]
    run.add_argument("--player", default="solver", choices=players)
    run.add_argument("--draw", type=int, choices=(1, 3), help="cards dealt at a time (Athena, Klondike)")
    run.add_argument("--redeals", type=int, choices=(2, 0, -1), help="Klondike: redeals allowed (-1: unlimited)")
    run.add_argument("--time-limit", type=_limit, default=argparse.SUPPRESS,
                     help="seconds per deal (solver) or per turn (fair); none: no limit")
    run.add_argument("--node-limit", type=_nodes, default=argparse.SUPPRESS,
                     help="search nodes per solve; none: no limit")
    run.add_argument("--samples", type=int, help="fair player: samples per turn")
    run.add_argument("--seed", type=int, help="fair player and strategies: seed")
    run.add_argument("--max-moves", type=int, help="players: moves before a game is stopped")
    run.add_argument("--workers", type=int, help="processes (default: one per CPU)")
    run.add_argument("--batch", type=int, help="deals per task")
    run.add_argument("--store", help="SQLite file that keeps the results; run again with it to resume")
    run.add_argument("--dask", metavar="ADDRESS", help="run on the Dask cluster whose scheduler is at ADDRESS")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    keywords = {name: getattr(args, name) for name in ("draw", "redeals", "samples", "seed", "max_moves")
                if getattr(args, name) is not None}
    for name in ("time_limit", "node_limit"):  # None is a value here ("no limit"), so absent means default
        if hasattr(args, name):
            keywords[name] = getattr(args, name)
    client = None
    try:
        if args.dask:
            from dask.distributed import Client  # the [dask] extra, only for those who ask for a cluster

            client = Client(args.dask)
            keywords["executor"] = client.get_executor()
        result = study(args.variant, args.player, args.deals, store=args.store, workers=args.workers,
                       batch=args.batch, progress=not args.quiet, **keywords)
    except (ValueError, RuntimeError, ImportError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        if client is not None:
            client.close()
    print(repr(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
