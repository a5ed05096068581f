"""The coach: guided first games (`lesson`, `lessons`) and hints at the table."""
