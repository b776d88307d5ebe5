"""`kaisen serve`: browser play over HTTP with private seat links; fog of war is kept on the server."""
from kaisen.server.app import create_app

__all__ = ["create_app"]
