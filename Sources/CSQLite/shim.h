// The system's SQLite (Debian: libsqlite3-dev; Apple platforms: the SDK's).
#include <sqlite3.h>
