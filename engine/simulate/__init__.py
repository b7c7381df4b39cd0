"""``dg simulate``: balance statistics of seeded bot games (docs/simulate.md).

:mod:`.games` plays one game in a worker and returns a small outcome (no log);
:mod:`.executor` is the one seam that deals the games to a :class:`concurrent.futures.Executor`
(a local process pool, in-process for one job, or a Dask cluster's executor, :mod:`.cluster`);
:mod:`.stats` holds the interval arithmetic (Wilson, Newcombe, quartiles); :mod:`.summary`
turns outcomes into the report's numbers and :mod:`.compare` compares two reports;
:mod:`.text` and :mod:`.svg` print them.
"""
