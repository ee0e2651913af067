"""The computer captain: plays any ruleset that has an engine, through its interface.

``captain`` gives a side's next order at a level (``scripted``, ``captain``,
``admiral``); ``judge`` is what it sees and values (weights from ``templates/ai/``);
``duel`` plays computer against computer and measures its strength.  Nothing here names
a ruleset: the fan, the fire ruling, the verbs, pending decisions and ``turn_owed`` all
come through :class:`tabletop.rules.base.Ruleset`.
"""
