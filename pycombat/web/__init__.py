"""``pycombat serve``: a local web page over the Python API (:mod:`pycombat.api`) and the registry.

A front end (layer 1): it names no game; it lists the games, their examples, verbs, options and
interpretation flags from :mod:`pycombat.registry` and answers through :func:`pycombat.load`.
The page itself is static (``static/``: HTML, CSS and plain JavaScript, no build step), shipped
inside the package. See :mod:`pycombat.web.app` for the HTTP API and :mod:`pycombat.web.jobs` for
how solves run (a worker process per request, with a time and a node budget).
"""
