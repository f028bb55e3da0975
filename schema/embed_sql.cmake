# Writes OUT: a C++ file defining ludex::schema_sql_files(), the name and text
# of every file in FILES (sorted), as raw string literals.
set(body "// Generated from schema/sql/*.sql by embed_sql.cmake. Do not edit.\n")
string(APPEND body "#include \"schema/db/schema_sql.h\"\n\nnamespace ludex {\n\n")
string(APPEND body "const std::vector<SqlFile>& schema_sql_files() {\n")
string(APPEND body "  static const std::vector<SqlFile> kFiles = {\n")
foreach(f ${FILES})
  get_filename_component(name ${f} NAME)
  file(READ ${f} text)
  string(APPEND body "      {\"${name}\", R\"ludexsql(${text})ludexsql\"},\n")
endforeach()
string(APPEND body "  };\n  return kFiles;\n}\n\n}  // namespace ludex\n")
file(WRITE ${OUT} "${body}")
