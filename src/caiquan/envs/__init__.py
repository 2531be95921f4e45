"""Research adapters: PettingZoo, Gymnasium and OpenSpiel (the optional ``rl`` extra).

* :mod:`caiquan.envs.tensors` — fixed-size observation tensors and action masks (NumPy only);
* :mod:`caiquan.envs.pettingzoo` — AEC and parallel environments (``env``, ``parallel_env``);
* :mod:`caiquan.envs.gymnasium` — :class:`~caiquan.envs.gymnasium.SingleAgentEnv`, the other
  seats played by caiquan bots;
* :mod:`caiquan.envs.openspiel` — every game registered with ``pyspiel`` as ``caiquan_<id>``.

Each adapter module imports its framework; install them with ``pip install 'caiquan[rl]'``.
See ``docs/envs.md``.
"""
