"""The four games' own describers (`cardtable.history.describer.Describer` subclasses), each
named by its game's registration (`GameRegistration.describer`, "<module>:DESCRIBER")."""
