// The DDL files of schema/sql/, compiled in (see embed_sql.cmake).
#ifndef LUDEX_SCHEMA_DB_SCHEMA_SQL_H_
#define LUDEX_SCHEMA_DB_SCHEMA_SQL_H_

#include <vector>

namespace ludex {

struct SqlFile {
  const char* name;  // file name, e.g. "001_initial.sql"
  const char* text;
};

// Every schema/sql/*.sql file, sorted by name.
const std::vector<SqlFile>& schema_sql_files();

}  // namespace ludex

#endif  // LUDEX_SCHEMA_DB_SCHEMA_SQL_H_
