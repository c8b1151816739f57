"""The data folder's memory as a whole: export and import (`transfer.py`), moving it to another storage
backend (`migrate.py`), and counting it and checking that all is well (`doctor.py`)."""
