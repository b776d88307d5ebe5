"""Agents choose an option id from a view and a decision; they never see the full state."""
from kaisen.agents.base import Agent, RandomAgent, make_agent, register_agent, AGENTS

__all__ = ["Agent", "RandomAgent", "make_agent", "register_agent", "AGENTS"]
