"""``dg serve``: one or more games hosted for browsers and terminals on other machines.

The server is a thin shell around the same session the terminal plays (:mod:`distant_galaxy.play`):
:mod:`~distant_galaxy.serve.host` holds a game with its seats, secret tokens, bots, save and log
writers; :mod:`~distant_galaxy.serve.snapshot` is what one seat is sent (built from
``game.view(seat)`` alone); :mod:`~distant_galaxy.serve.app` the web routes (Starlette, the
optional extra ``serve``); :mod:`~distant_galaxy.serve.client` the terminal client ``dg join``
(the standard library only). docs/serve.md describes the protocol.
"""
