import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TEmployeeInput, TEmployeeUpdate, ZEmployee, ZEmployeeDeleted, ZEmployeeLog } from '@backroom/domain';
import { apiFetch } from '../../shared/api';
import { authKeys } from '../auth/auth.api';

/** An employee as the API answers it (people doc section 3, Employee). */
export type Employee = z.output<typeof ZEmployee>;
export type EmployeeLog = z.output<typeof ZEmployeeLog>;

const employeeKeys = {
  all: ['employees'] as const,
  list: (search: string) => ['employees', 'list', search] as const,
  one: (id: string) => ['employees', 'one', id] as const,
  logs: (id: string) => ['employees', 'logs', id] as const,
};

/** GET /api/employees?search= */
export function useEmployees(search: string) {
  return useQuery({
    queryKey: employeeKeys.list(search),
    queryFn: ({ signal }) => apiFetch<Employee[]>('/api/employees', { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/employees/{id} */
export function useEmployee(id: string) {
  return useQuery({
    queryKey: employeeKeys.one(id),
    queryFn: ({ signal }) => apiFetch<Employee>(`/api/employees/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** GET /api/employees/{id}/logs: who changed the employee, newest first. */
export function useEmployeeLogs(id: string) {
  return useQuery({
    queryKey: employeeKeys.logs(id),
    queryFn: ({ signal }) => apiFetch<EmployeeLog[]>(`/api/employees/${encodeURIComponent(id)}/logs`, { signal }),
    retry: false,
  });
}

/** POST /api/employees: creates the employee and e-mails the invite. */
export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TEmployeeInput) => apiFetch<Employee>('/api/employees', { method: 'POST', body: input }),
    onSuccess: (employee) => {
      queryClient.setQueryData(employeeKeys.one(employee.id), employee);
      return queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
}

/**
 * PUT /api/employees/{id}. A change to oneself (areas, role, name) also changes the signed-in user,
 * so the menu follows at once.
 */
export function useUpdateEmployee(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TEmployeeUpdate) => apiFetch<Employee>(`/api/employees/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    onSuccess: (employee) => {
      queryClient.setQueryData(employeeKeys.one(id), employee);
      return Promise.all([queryClient.invalidateQueries({ queryKey: employeeKeys.all }), queryClient.invalidateQueries({ queryKey: authKeys.meAll })]);
    },
  });
}

/** POST /api/employees/deleteEmployee/{id} */
export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<z.output<typeof ZEmployeeDeleted>>(`/api/employees/deleteEmployee/${encodeURIComponent(id)}`, { method: 'POST' }),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: employeeKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
}

/** POST /api/employees/send/{id}: e-mails the invite again. */
export function useResendInvite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Employee>(`/api/employees/send/${encodeURIComponent(id)}`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.logs(id) }),
  });
}
